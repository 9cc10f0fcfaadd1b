import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/auth-context';
import { displayName } from '../../auth/display-name';

/** For now only who is signed in; earnings cards and the live driver map come later (spec §2). */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { user, role } = useAuth();
  const name = user ? displayName(user) : '';
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('dashboard_description')}>
          {t('dashboard_welcome', { name })}
        </Header>
      }
    >
      <Container header={<Header variant="h2">{t('your_account')}</Header>}>
        <KeyValuePairs
          columns={3}
          items={[
            { label: t('field_name'), value: name },
            { label: t('field_email'), value: user?.email ?? '' },
            { label: t('field_role'), value: t(role ? `role_${role}` : 'role_none') },
          ]}
        />
      </Container>
    </ContentLayout>
  );
}

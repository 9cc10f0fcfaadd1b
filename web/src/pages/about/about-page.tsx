import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../app/settings-context';

/** Spec §2 /about-us: says coming soon. */
export default function AboutPage() {
  const { t } = useTranslation();
  const { settings } = useSettings();
  return (
    <ContentLayout header={<Header variant="h1">{t('about_us')}</Header>}>
      <Container>
        <Box variant="h2" textAlign="center" padding={{ vertical: 'xxl' }}>
          {t('coming_soon')}
        </Box>
        <Box textAlign="center" color="text-body-secondary" padding={{ bottom: 'xl' }}>
          {t('about_coming_soon_text', { appName: settings.appName })}
        </Box>
      </Container>
    </ContentLayout>
  );
}

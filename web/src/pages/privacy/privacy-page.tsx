import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../app/settings-context';

const SECTIONS = ['collect', 'use', 'share', 'keep', 'rights'] as const;

/** Spec §2 /privacy-policy: the policy text, naming the company and its contact from settings. */
export default function PrivacyPage() {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const company = settings.CompanyName.trim() || settings.appName;
  const contact = settings.contact_email.trim();
  const terms = settings.CompanyTerms.trim();
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('privacy_intro', { company, appName: settings.appName })}>
          {t('privacy_policy')}
        </Header>
      }
    >
      <Container>
        <SpaceBetween size="l">
          {SECTIONS.map((s) => (
            <section key={s}>
              <Box variant="h2">{t(`privacy_${s}_title`)}</Box>
              <Box variant="p">{t(`privacy_${s}_text`, { company })}</Box>
            </section>
          ))}
          {contact ? (
            <Box variant="p">
              {t('privacy_contact')}{' '}
              <Link href={`mailto:${contact}`}>{contact}</Link>
            </Box>
          ) : null}
          {terms ? (
            <Link href={terms} external>
              {t('company_terms')}
            </Link>
          ) : null}
        </SpaceBetween>
      </Container>
    </ContentLayout>
  );
}

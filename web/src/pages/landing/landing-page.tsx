import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../app/settings-context';
import { useAuth } from '../../auth/auth-context';
import { displayName } from '../../auth/display-name';
import { isAllowed } from '../../auth/roles';
import { useFollow } from '../../components/use-follow';

/** A minimal landing: the hero only. Features, store banner and the booking form come later. */
export default function LandingPage() {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const { user, role } = useAuth();
  const follow = useFollow();

  const action = !user ? (
    <Button variant="primary" href="/login" onFollow={follow}>
      {t('sign_in')}
    </Button>
  ) : isAllowed(role, ['admin', 'fleetadmin']) ? (
    <Button variant="primary" href="/dashboard" onFollow={follow}>
      {t('go_to_dashboard')}
    </Button>
  ) : null;

  return (
    <ContentLayout
      headerVariant="high-contrast"
      defaultPadding
      header={
        <Box padding={{ vertical: 'xxxl' }}>
          <SpaceBetween size="l">
            <Box variant="h1" fontSize="display-l" fontWeight="bold">
              {t('landing_title', { appName: settings.appName })}
            </Box>
            <Box variant="p" fontSize="heading-m" color="inherit">
              {t('landing_tagline')}
            </Box>
            {user ? (
              <Box variant="p" color="inherit">
                {t('landing_signed_in_as', { name: displayName(user) })}
              </Box>
            ) : null}
            {action}
          </SpaceBetween>
        </Box>
      }
    />
  );
}

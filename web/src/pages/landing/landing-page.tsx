import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Icon, { type IconProps } from '@cloudscape-design/components/icon';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../../shared/src/contract';
import { useSettings } from '../../app/settings-context';
import { useAuth } from '../../auth/auth-context';
import { displayName } from '../../auth/display-name';
import { useFollow } from '../../components/use-follow';
import { CarTypeShowcase } from './car-type-showcase';
import { BookingFormSlot } from './booking-form-slot';

const FEATURES: readonly { icon: IconProps.Name; titleKey: string; textKey: string }[] = [
  { icon: 'location-pin', titleKey: 'feature_1_title', textKey: 'feature_1_text' },
  { icon: 'calendar', titleKey: 'feature_2_title', textKey: 'feature_2_text' },
  { icon: 'security', titleKey: 'feature_3_title', textKey: 'feature_3_text' },
];

/** Spec §2: the booking form for logged-out visitors, riders and admins; a slogan for the others. */
export function showsBookingForm(role: Role | null, signedIn: boolean): boolean {
  return !signedIn || role === 'rider' || role === 'admin';
}

function HeroActions() {
  const { t } = useTranslation();
  const { user, role } = useAuth();
  const follow = useFollow();
  if (!user) {
    return (
      <SpaceBetween direction="horizontal" size="s">
        <Button variant="primary" href="/login" onFollow={follow}>
          {t('sign_in')}
        </Button>
        <Button href="/register" onFollow={follow}>
          {t('register')}
        </Button>
      </SpaceBetween>
    );
  }
  const dashboard = role === 'admin' || role === 'fleetadmin';
  return (
    <Button variant="primary" href={dashboard ? '/dashboard' : '/profile'} onFollow={follow}>
      {t(dashboard ? 'go_to_dashboard' : 'go_to_profile')}
    </Button>
  );
}

function StoreBanner() {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const apple = settings.AppleStoreLink.trim();
  const play = settings.PlayStoreLink.trim();
  if (!apple && !play) return null;
  return (
    <Container
      header={
        <Header variant="h2" description={t('store_banner_text', { appName: settings.appName })}>
          {t('store_banner_title')}
        </Header>
      }
    >
      <SpaceBetween direction="horizontal" size="s">
        {apple ? (
          <Button href={apple} target="_blank" iconName="external" iconAlign="right" data-testid="apple-store-link">
            {t('store_apple')}
          </Button>
        ) : null}
        {play ? (
          <Button href={play} target="_blank" iconName="external" iconAlign="right" data-testid="play-store-link">
            {t('store_play')}
          </Button>
        ) : null}
      </SpaceBetween>
    </Container>
  );
}

/** The hero's title, tagline, who is signed in and the sign-in or dashboard buttons. */
function HeroText() {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const { user } = useAuth();
  return (
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
      <HeroActions />
    </SpaceBetween>
  );
}

/** Spec §2 landing: hero (with the booking form or the slogan), three features, the app-store banner. */
export default function LandingPage() {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const { user, role } = useAuth();

  const withForm = showsBookingForm(role, user !== null);

  return (
    <ContentLayout
      headerVariant="high-contrast"
      defaultPadding
      // With the form, the form card overlaps the hero (Cloudscape's hero pattern); the slogan
      // needs no card.
      disableOverlap={!withForm}
      maxContentWidth={1200}
      header={
        <Box padding={{ top: 'xxl', bottom: withForm ? 'l' : 'xxl' }}>
          {withForm ? (
            <HeroText />
          ) : (
            <Grid gridDefinition={[{ colspan: { default: 12, m: 6 } }, { colspan: { default: 12, m: 6 } }]}>
              <HeroText />
              <Box variant="h2" fontSize="heading-xl" color="inherit" data-testid="driver-slogan">
                {t('driver_slogan', { appName: settings.appName })}
              </Box>
            </Grid>
          )}
        </Box>
      }
    >
      <Box padding={{ bottom: 'xl', top: withForm ? undefined : 'xl' }}>
        <SpaceBetween size="xl">
          {withForm ? <BookingFormSlot /> : null}
          <section aria-labelledby="features-title">
            <SpaceBetween size="m">
              <Box variant="h2" id="features-title">
                {t('features_title')}
              </Box>
              <ColumnLayout columns={3}>
                {FEATURES.map((f) => (
                  <Container key={f.titleKey} fitHeight>
                    <SpaceBetween size="s">
                      <Icon name={f.icon} size="large" variant="link" />
                      <Box variant="h3">{t(f.titleKey)}</Box>
                      <Box variant="p" color="text-body-secondary">
                        {t(f.textKey)}
                      </Box>
                    </SpaceBetween>
                  </Container>
                ))}
              </ColumnLayout>
            </SpaceBetween>
          </section>
          <CarTypeShowcase />
          <StoreBanner />
        </SpaceBetween>
      </Box>
    </ContentLayout>
  );
}

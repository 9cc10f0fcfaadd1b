import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import type { Role } from '../../../../shared/src/contract';
import { useSettings } from '../../app/settings-context';
import { useConfig } from '../../config/config-context';
import { useAuth } from '../../auth/auth-context';
import { describeAuthError } from '../../auth/auth-errors';
import { loadAuth } from '../../auth/configure-auth';
import { postLoginPath } from '../../auth/roles';
import { PageSpinner } from '../../components/page-spinner';
import { useFollow } from '../../components/use-follow';
import { EmailLogin } from './email-login';
import { EmailVerificationModal } from './email-verification-modal';
import { LoginAlert, type LoginFailure } from './login-alert';

/** The phone tab carries the country list and dial codes: loaded only when that tab exists. */
const PhoneLogin = lazy(() => import('./phone-login').then((m) => ({ default: m.PhoneLogin })));

/**
 * Spec §2 login screen: email tab, phone tab (only with MobileLoginEnabled), the Facebook button
 * (only with FacebookLoginEnabled), the Apple button (only when the deployment has the Apple
 * provider: config.json `appleSignIn`), the forgot-password dialog and a register button.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const { appleSignIn } = useConfig();
  const { user, role, loading, refusal, clearRefusal, signInWithProvider } = useAuth();
  const navigate = useNavigate();
  const follow = useFollow();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [tab, setTab] = useState('email');
  // Amplify is not on the first route; fetch it while the visitor types, not after they submit.
  // A failed fetch is retried by the sign-in itself.
  useEffect(() => {
    loadAuth().catch(() => undefined);
  }, []);

  if (loading && !busy) return <PageSpinner />;
  // Already signed in (or sent here by the guard without the role): go where the role belongs.
  if (user && !busy) return <Navigate to={postLoginPath(role)} replace />;

  const shown = failure ?? refusal;
  const onFailure = (f: LoginFailure | null) => {
    clearRefusal();
    setFailure(f);
  };
  const onSignedIn = (signedInRole: Role | null) => navigate(postLoginPath(signedInRole), { replace: true });
  const step = { busy, setBusy, onFailure, onSignedIn };

  const social = async (provider: 'Facebook' | 'Apple') => {
    onFailure(null);
    setBusy(true);
    try {
      await signInWithProvider(provider);
    } catch (e) {
      setFailure(describeAuthError(e));
      setBusy(false);
    }
  };

  return (
    <Box padding={{ vertical: 'xl' }}>
      <Grid gridDefinition={[{ colspan: { default: 12, s: 8, m: 6, l: 4 }, offset: { default: 0, s: 2, m: 3, l: 4 } }]}>
        <SpaceBetween size="m">
          <Header variant="h1" description={t(settings.MobileLoginEnabled ? 'sign_in_description_any' : 'sign_in_description')}>
            {t('sign_in_title')}
          </Header>
          {shown ? <LoginAlert failure={shown} onDismiss={() => onFailure(null)} /> : null}
          <EmailVerificationModal onSignedIn={onSignedIn} />
          <Container>
            {settings.MobileLoginEnabled ? (
              <Tabs
                activeTabId={tab}
                onChange={({ detail }) => {
                  setTab(detail.activeTabId);
                  onFailure(null);
                }}
                tabs={[
                  { id: 'email', label: t('login_tab_email'), content: <EmailLogin {...step} /> },
                  {
                    id: 'phone',
                    label: t('login_tab_phone'),
                    content: (
                      <Suspense fallback={<PageSpinner />}>
                        <PhoneLogin {...step} />
                      </Suspense>
                    ),
                  },
                ]}
                i18nStrings={{ scrollLeftAriaLabel: t('scroll_left'), scrollRightAriaLabel: t('scroll_right') }}
              />
            ) : (
              <EmailLogin {...step} />
            )}
          </Container>
          {settings.FacebookLoginEnabled ? (
            <Button onClick={() => void social('Facebook')} disabled={busy} fullWidth data-testid="facebook-login">
              {t('login_with_facebook')}
            </Button>
          ) : null}
          {appleSignIn ? (
            <Button onClick={() => void social('Apple')} disabled={busy} fullWidth data-testid="apple-login">
              {t('login_with_apple')}
            </Button>
          ) : null}
          <Container>
            <SpaceBetween size="s">
              <Box variant="p" textAlign="center">
                {t('no_account_yet')}
              </Box>
              <Button href="/register" onFollow={follow} fullWidth>
                {t('register')}
              </Button>
            </SpaceBetween>
          </Container>
        </SpaceBetween>
      </Grid>
    </Box>
  );
}

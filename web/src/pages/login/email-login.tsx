import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../../shared/src/contract';
import { validateEmailLogin } from '../../../../shared/src/domain/login-rules';
import { useAuth } from '../../auth/auth-context';
import { describeAuthError } from '../../auth/auth-errors';
import { ForgotPasswordModal } from './forgot-password-modal';
import type { LoginFailure } from './login-alert';

export interface LoginStepProps {
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onFailure: (failure: LoginFailure | null) => void;
  onSignedIn: (role: Role | null) => void;
}

/** Spec §2 email tab: email and password (login_validate_error), and the forgot-password dialog. */
export function EmailLogin({ busy, setBusy, onFailure, onSignedIn }: LoginStepProps) {
  const { t } = useTranslation();
  const { signIn } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const [forgotOpen, setForgotOpen] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const rule = validateEmailLogin({ email, password });
    setInvalid(rule.ok ? undefined : rule.field);
    if (!rule.ok) return onFailure({ key: rule.key, fallback: rule.key, validation: true });
    onFailure(null);
    setBusy(true);
    try {
      onSignedIn(await signIn(email, password));
    } catch (e) {
      onFailure(describeAuthError(e));
      setBusy(false);
    }
  };

  return (
    <>
      <form onSubmit={submit} noValidate>
        <SpaceBetween size="l">
          <FormField label={t('email')}>
            <Input
              type="email"
              inputMode="email"
              autoComplete="username"
              placeholder={t('email_placeholder')}
              value={email}
              onChange={({ detail }) => setEmail(detail.value)}
              invalid={invalid === 'email'}
              autoFocus
            />
          </FormField>
          <FormField
            label={t('password')}
            secondaryControl={
              <Link variant="secondary" onFollow={() => setForgotOpen(true)} data-testid="forgot-password-link">
                {t('forgot_password')}
              </Link>
            }
          >
            <Input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={({ detail }) => setPassword(detail.value)}
              invalid={invalid === 'password'}
            />
          </FormField>
          <Button variant="primary" formAction="submit" loading={busy} fullWidth>
            {t('sign_in')}
          </Button>
        </SpaceBetween>
      </form>
      {/* Outside the form (React events bubble through portals) and mounted only while open, so its fields never share a label with the sign-in form's. */}
      {forgotOpen ? (
        <ForgotPasswordModal
          visible
          initialEmail={email}
          onDismiss={(resetEmail) => {
            setForgotOpen(false);
            if (resetEmail) setEmail(resetEmail);
          }}
        />
      ) : null}
    </>
  );
}

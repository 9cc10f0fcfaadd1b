import Alert from '@cloudscape-design/components/alert';
import { useTranslation } from 'react-i18next';
import type { TranslatableError } from '../../auth/auth-errors';

export interface LoginFailure extends TranslatableError {
  /** A form rule failed before anything was sent (no "sign-in failed" header then). */
  validation?: boolean;
}

/** Spec §8: login_error heads every auth failure except not_logged_in; the detail is the key's text or the raw error. */
export function LoginAlert({ failure, onDismiss }: { failure: LoginFailure; onDismiss?: () => void }) {
  const { t } = useTranslation();
  const header = failure.validation || failure.key === 'not_logged_in' ? undefined : t('login_error');
  return (
    <Alert type="error" header={header} dismissible={!!onDismiss} onDismiss={onDismiss} data-testid="login-alert">
      {t(failure.key, { defaultValue: failure.fallback })}
    </Alert>
  );
}

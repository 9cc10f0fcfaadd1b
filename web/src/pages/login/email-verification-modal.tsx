import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../../shared/src/contract';
import { useAuth } from '../../auth/auth-context';
import { describeAuthError, type TranslatableError } from '../../auth/auth-errors';

/**
 * Spec §4 Sign-in with email_verify on: the code e-mailed at sign-in, entered here. Cancelling
 * signs out, as the spec says; confirming finishes the sign-in.
 */
export function EmailVerificationModal({ onSignedIn }: { onSignedIn: (role: Role | null) => void }) {
  const { t } = useTranslation();
  const { emailVerificationPending, verifyEmail, cancelEmailVerification } = useAuth();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<TranslatableError | null>(null);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!/^\d{4,8}$/.test(code.trim())) {
      setFailure({ key: 'otp_validate_error', fallback: '' });
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      onSignedIn(await verifyEmail(code));
    } catch (err) {
      setFailure(describeAuthError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      visible={emailVerificationPending}
      onDismiss={() => void cancelEmailVerification()}
      header={t('verify_email_title')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={() => void cancelEmailVerification()} disabled={busy}>{t('cancel')}</Button>
            <Button variant="primary" onClick={() => void submit()} loading={busy} data-testid="verify-email-submit">{t('verify_email_submit')}</Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form onSubmit={(e) => void submit(e)}>
        <SpaceBetween size="m">
          <Box variant="p">{t('verify_email_description')}</Box>
          {failure ? <Alert type="error">{t(failure.key, { defaultValue: failure.fallback || failure.key })}</Alert> : null}
          <FormField label={t('verify_email_code')}>
            <Input value={code} onChange={({ detail }) => setCode(detail.value)} inputMode="numeric" autoComplete="one-time-code" disabled={busy} />
          </FormField>
        </SpaceBetween>
      </form>
    </Modal>
  );
}

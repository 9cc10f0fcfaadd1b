import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isEmailGeneral } from '../../../../shared/src/domain/email';
import { validatePassword } from '../../../../shared/src/domain/password';
import { describeAuthError, type TranslatableError } from '../../auth/auth-errors';
import { completePasswordReset, requestPasswordReset } from '../../auth/session';

type Stage = 'request' | 'confirm' | 'done';

/**
 * Spec §2 forgot-password dialog: Cognito ForgotPassword sends a code by email (locally it is
 * printed in the `npm start` console), then the code and a new password finish the reset.
 */
export function ForgotPasswordModal({
  visible,
  initialEmail,
  onDismiss,
}: {
  visible: boolean;
  initialEmail: string;
  onDismiss: (email?: string) => void;
}) {
  const { t } = useTranslation();
  const [stage, setStage] = useState<Stage>('request');
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<{ field: 'email' | 'code' | 'password'; key: string } | null>(null);
  const [failure, setFailure] = useState<TranslatableError | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!visible) return;
    setStage('request');
    setEmail(initialEmail);
    setCode('');
    setPassword('');
    setFieldError(null);
    setFailure(null);
  }, [visible, initialEmail]);

  const run = async (work: () => Promise<void>) => {
    setFailure(null);
    setBusy(true);
    try {
      await work();
    } catch (e) {
      setFailure(describeAuthError(e));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setFieldError(null);
    if (stage === 'request') {
      if (!isEmailGeneral(email.trim())) return setFieldError({ field: 'email', key: 'proper_email' });
      void run(async () => {
        await requestPasswordReset(email.trim());
        setStage('confirm');
      });
    } else if (stage === 'confirm') {
      if (!/^\d{4,10}$/.test(code.trim())) return setFieldError({ field: 'code', key: 'reset_code_error' });
      const rule = validatePassword(password);
      if (!rule.ok) return setFieldError({ field: 'password', key: rule.key });
      void run(async () => {
        await completePasswordReset(email.trim(), code.trim(), password);
        setStage('done');
      });
    } else {
      onDismiss(email.trim());
    }
  };

  const errorOf = (field: 'email' | 'code' | 'password') =>
    fieldError?.field === field ? t(fieldError.key) : undefined;

  return (
    <Modal
      visible={visible}
      onDismiss={() => onDismiss()}
      header={t('forgot_password_title')}
      closeAriaLabel={t('close')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            {stage !== 'done' ? (
              <Button variant="link" onClick={() => onDismiss()}>
                {t('cancel')}
              </Button>
            ) : null}
            <Button variant="primary" loading={busy} onClick={() => submit()} data-testid="forgot-password-submit">
              {t(stage === 'request' ? 'send_reset_code' : stage === 'confirm' ? 'reset_password' : 'back_to_sign_in')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form onSubmit={submit} noValidate>
        <SpaceBetween size="m">
          {failure ? (
            <Alert type="error">{t(failure.key, { defaultValue: failure.fallback })}</Alert>
          ) : null}
          {stage === 'request' ? (
            <>
              <Box variant="p">{t('forgot_password_text')}</Box>
              <FormField label={t('email')} errorText={errorOf('email')}>
                <Input
                  type="email"
                  inputMode="email"
                  autoComplete="username"
                  value={email}
                  onChange={({ detail }) => setEmail(detail.value)}
                  invalid={!!errorOf('email')}
                />
              </FormField>
            </>
          ) : null}
          {stage === 'confirm' ? (
            <>
              {/* Spec §4: sending the reset mail sets a message. */}
              <Alert type="success">{t('reset_pass_msg')}</Alert>
              <FormField label={t('reset_code')} errorText={errorOf('code')}>
                <Input
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  value={code}
                  onChange={({ detail }) => setCode(detail.value)}
                  invalid={!!errorOf('code')}
                />
              </FormField>
              <FormField label={t('new_password')} description={t('password_rule_hint')} errorText={errorOf('password')}>
                <Input
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={({ detail }) => setPassword(detail.value)}
                  invalid={!!errorOf('password')}
                />
              </FormField>
            </>
          ) : null}
          {stage === 'done' ? <Alert type="success">{t('password_reset_done')}</Alert> : null}
          {/* Enter submits: a hidden submit button keeps the form semantics. */}
          <button type="submit" hidden />
        </SpaceBetween>
      </form>
    </Modal>
  );
}

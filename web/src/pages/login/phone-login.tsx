import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { CountryCode } from 'libphonenumber-js';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { validateLoginOtp } from '../../../../shared/src/domain/codes';
import { buildMobile, validateTypedPhone } from '../../../../shared/src/domain/phone';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { useSettings } from '../../app/settings-context';
import { useAuth } from '../../auth/auth-context';
import { describeAuthError } from '../../auth/auth-errors';
import { countryFromSetting, defaultDialCode, dialCodeOf } from '../../components/countries';
import { CountrySelect } from '../../components/country-select';
import { PhoneInput } from '../../components/phone-input';
import type { LoginStepProps } from './email-login';

/**
 * Spec §4 phone path: check the number has an account (user_does_not_exists), send the code
 * (Cognito custom auth), verify it (6 digits, otp_validate_error); Cancel signs out.
 */
export function PhoneLogin({ busy, setBusy, onFailure, onSignedIn }: LoginStepProps) {
  const { t } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const { requestPhoneCode, confirmPhoneCode, signOut } = useAuth();
  const [country, setCountry] = useState<CountryCode>(() => countryFromSetting(settings.country) ?? 'US');
  const [phone, setPhone] = useState('');
  const [otp, setOtp] = useState('');
  const [stage, setStage] = useState<'number' | 'code'>('number');
  const [invalid, setInvalid] = useState<'mobile' | 'otp' | undefined>();

  const dialCode = settings.AllowCountrySelection ? dialCodeOf(country) : defaultDialCode(settings.country);
  const mobile = buildMobile(dialCode, phone);

  const fail = (e: unknown) => {
    // Spec §8: phone sign-in errors show code and message.
    onFailure(describeAuthError(e, { withCode: true }));
  };

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    const rule = validateTypedPhone(phone);
    if (!rule.ok) {
      setInvalid('mobile');
      return onFailure({ key: rule.key, fallback: rule.key, validation: true });
    }
    setInvalid(undefined);
    onFailure(null);
    setBusy(true);
    try {
      const { exists } = await api.checkUserExists({ body: { mobile } });
      if (!exists) {
        setInvalid('mobile');
        onFailure({ key: 'user_does_not_exists', fallback: 'user_does_not_exists', validation: true });
        return;
      }
      await requestPhoneCode(mobile);
      setStage('code');
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const rule = validateLoginOtp(otp);
    if (!rule.ok) {
      setInvalid('otp');
      return onFailure({ key: rule.key, fallback: rule.key, validation: true });
    }
    setInvalid(undefined);
    onFailure(null);
    setBusy(true);
    try {
      onSignedIn(await confirmPhoneCode(otp));
    } catch (e) {
      // Cognito ends the attempt after too many wrong codes; start again from the number then.
      if (!isApiError(e) && e instanceof Error && e.name === 'NotAuthorizedException') setStage('number');
      fail(e);
      setBusy(false);
    }
  };

  const cancel = async () => {
    setBusy(true);
    await signOut().catch(() => undefined);
    setBusy(false);
    setOtp('');
    setStage('number');
    onFailure(null);
  };

  if (stage === 'code') {
    return (
      <form onSubmit={verify} noValidate>
        <SpaceBetween size="l">
          <Box variant="p">{t('otp_sent', { mobile })}</Box>
          <FormField label={t('otp_label')}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              value={otp}
              onChange={({ detail }) => setOtp(detail.value.replace(/\D/g, '').slice(0, 6))}
              invalid={invalid === 'otp'}
              autoFocus
            />
          </FormField>
          <SpaceBetween size="s">
            <Button variant="primary" formAction="submit" loading={busy} fullWidth>
              {t('verify_code')}
            </Button>
            <Button formAction="none" onClick={() => void cancel()} disabled={busy} fullWidth>
              {t('cancel')}
            </Button>
          </SpaceBetween>
        </SpaceBetween>
      </form>
    );
  }

  return (
    <form onSubmit={sendCode} noValidate>
      <SpaceBetween size="l">
        {settings.AllowCountrySelection ? (
          <FormField label={t('country')}>
            <CountrySelect value={country} onChange={setCountry} />
          </FormField>
        ) : null}
        <FormField label={t('mobile')} description={t('mobile_hint')}>
          <PhoneInput dialCode={dialCode} value={phone} onChange={setPhone} invalid={invalid === 'mobile'} />
        </FormField>
        <Button variant="primary" formAction="submit" loading={busy} fullWidth>
          {t('send_code')}
        </Button>
      </SpaceBetween>
    </form>
  );
}

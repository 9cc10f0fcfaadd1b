import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { CountryCode } from 'libphonenumber-js';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import type { SignupBody } from '../../../../shared/src/contract';
import { buildMobile } from '../../../../shared/src/domain/phone';
import { validateRegistration } from '../../../../shared/src/domain/register-rules';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { useSettings } from '../../app/settings-context';
import { countryFromSetting, defaultDialCode, dialCodeOf } from '../../components/countries';
import { CountrySelect } from '../../components/country-select';
import { errorText } from '../../components/error-text';
import { MobileField } from '../../components/mobile-field';
import { NameFields } from '../../components/name-fields';
import { NewPasswordField } from '../../components/new-password-field';
import { IMAGE_TYPES, imageProblem, MAX_DOCUMENT_BYTES } from '../../components/upload-file';
import { UploadProgress } from '../../components/upload/upload-progress';
import { useDocumentUpload } from '../../components/upload/use-document-upload';
import { useApiQuery } from '../../components/use-api-query';
import { useFollow } from '../../components/use-follow';
import { useFormProblems } from '../../components/use-form-problems';

/** Spec §9: after a successful sign-up the page goes to /login after 3 s. */
export const REDIRECT_AFTER_SIGNUP_MS = 3000;

type UserType = 'rider' | 'driver';
type Field = 'firstName' | 'lastName' | 'email' | 'password' | 'mobile' | 'referralId' | 'licenseImage';

/** Two columns once the form is wide enough (Cloudscape grid breakpoints follow the container). */
const half = { colspan: { default: 12, xs: 6 } };

/**
 * Spec §2 / §5 Register. Order of checks: the form rules, does the email or mobile have an
 * account (user_exists), the referral id (referer_not_found), the driver's licence upload, then
 * `userSignup`; success shows account_create_successfully and goes to /login after 3 s.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const sending = useDocumentUpload();
  const api = useApi();
  const { settings } = useSettings();
  const navigate = useNavigate();
  const follow = useFollow();

  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [country, setCountry] = useState<CountryCode>(() => countryFromSetting(settings.country) ?? 'US');
  const [phone, setPhone] = useState('');
  const [referralId, setReferralId] = useState('');
  const [usertype, setUsertype] = useState<UserType>('rider');
  const [licence, setLicence] = useState<File[]>([]);
  const [vehicleMake, setVehicleMake] = useState('');
  const [vehicleModel, setVehicleModel] = useState('');
  const [vehicleNumber, setVehicleNumber] = useState('');
  const [carType, setCarType] = useState<string | null>(null);

  const problems = useFormProblems<Field>();
  const problem = problems.first;
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ approved: boolean } | null>(null);

  const loadCarTypes = useCallback((signal: AbortSignal) => api.fetchCarTypes({}, { signal }), [api]);
  const carTypes = useApiQuery(loadCarTypes);

  const dialCode = settings.AllowCountrySelection ? dialCodeOf(country) : defaultDialCode(settings.country);

  useEffect(() => {
    if (!created) return;
    const timer = setTimeout(() => navigate('/login'), REDIRECT_AFTER_SIGNUP_MS);
    return () => clearTimeout(timer);
  }, [created, navigate]);

  const fieldError = (field: Field) => problems.errorOf(field);
  /** A field's setter that also drops the field's old problem: the corrected value is not still flagged. */
  const editing = <V,>(field: Field, set: (v: V) => void) => (v: V) => { set(v); problems.edited(field); };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || created) return;
    const rule = validateRegistration({ firstName, lastName, email, password, mobile: phone });
    if (!rule.ok) return problems.flag({ key: rule.key, field: rule.field as Field | undefined });
    const file = licence[0];
    if (usertype === 'driver') {
      if (!file) return problems.flag({ key: 'license_image_required', field: 'licenseImage' });
      const bad = imageProblem(file, MAX_DOCUMENT_BYTES);
      if (bad) return problems.flag({ key: bad, field: 'licenseImage' });
    }
    problems.clear();
    setBusy(true);
    try {
      const mobile = buildMobile(dialCode, phone);
      const { exists } = await api.checkUserExists({ body: { email: email.trim(), mobile } });
      if (exists) return problems.flag({ key: 'user_exists' });

      const referral = referralId.trim();
      if (referral) {
        try {
          await api.validateReferrer({ body: { referralId: referral } });
        } catch (e) {
          if (isApiError(e) && e.status === 404) return problems.flag({ key: 'referer_not_found', field: 'referralId' });
          throw e;
        }
      }

      // Above 5 MiB the licence goes in parts; the routes take the key the server made.
      const licenseImage = usertype === 'driver' && file ? await sending.send(file) : undefined;

      const body: z.infer<typeof SignupBody> = {
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        email: email.trim(),
        password,
        dialCode,
        phone,
        usertype,
        ...(referral ? { referralId: referral } : {}),
        ...(usertype === 'driver'
          ? {
              licenseImage,
              ...(vehicleMake.trim() ? { vehicleMake: vehicleMake.trim() } : {}),
              ...(vehicleModel.trim() ? { vehicleModel: vehicleModel.trim() } : {}),
              ...(vehicleNumber.trim() ? { vehicleNumber: vehicleNumber.trim() } : {}),
              ...(carType ? { carType } : {}),
            }
          : {}),
      };
      const result = await api.userSignup({ body });
      if (!result.uid) return problems.flag({ key: 'reg_error' });
      setCreated({ approved: result.approved });
    } catch (e) {
      const key = isApiError(e) ? e.code : 'reg_error';
      problems.flag({ key, fallback: errorText(t, e) });
    } finally {
      setBusy(false);
    }
  };

  const carTypeOptions = (carTypes.data?.items ?? []).map((c) => ({ value: c.name, label: c.name }));

  return (
    <Box padding={{ vertical: 'l' }}>
      <Grid gridDefinition={[{ colspan: { default: 12, m: 8, l: 6 }, offset: { default: 0, m: 2, l: 3 } }]}>
        <form onSubmit={submit} noValidate>
          <Form
            header={
              <Header variant="h1" description={t('register_description', { appName: settings.appName })}>
                {t('register_title')}
              </Header>
            }
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button formAction="none" variant="link" href="/login" onFollow={follow}>
                  {t('back')}
                </Button>
                <Button variant="primary" formAction="submit" loading={busy} disabled={!!created} data-testid="register-submit">
                  {t('register')}
                </Button>
              </SpaceBetween>
            }
          >
            <SpaceBetween size="m">
              {created ? (
                <Alert type="success" header={t('account_create_successfully')} data-testid="register-success">
                  {created.approved ? t('redirect_to_login') : `${t('require_approval')} ${t('redirect_to_login')}`}
                </Alert>
              ) : null}
              {problem && !created ? (
                <Alert type="error" data-testid="register-error">
                  {t(problem.key, { defaultValue: problem.fallback })}
                </Alert>
              ) : null}
              <Container header={<Header variant="h2">{t('your_details')}</Header>}>
                <SpaceBetween size="l">
                  <NameFields
                    firstName={firstName}
                    lastName={lastName}
                    onFirstNameChange={editing('firstName', setFirstName)}
                    onLastNameChange={editing('lastName', setLastName)}
                    firstNameError={fieldError('firstName')}
                    lastNameError={fieldError('lastName')}
                    autoComplete
                  />
                  <FormField stretch label={t('email')} errorText={fieldError('email')}>
                    <Input
                      type="email"
                      inputMode="email"
                      autoComplete="email"
                      placeholder={t('email_placeholder')}
                      value={email}
                      onChange={({ detail }) => editing('email', setEmail)(detail.value)}
                      invalid={!!fieldError('email')}
                    />
                  </FormField>
                  <NewPasswordField label={t('password')} value={password} onChange={editing('password', setPassword)} error={fieldError('password')} />
                  {settings.AllowCountrySelection ? (
                    <FormField stretch label={t('country')}>
                      <CountrySelect value={country} onChange={setCountry} />
                    </FormField>
                  ) : null}
                  <MobileField dialCode={dialCode} value={phone} onChange={editing('mobile', setPhone)} error={fieldError('mobile')} />
                  <FormField stretch label={t('referral_id')} description={t('optional')} errorText={fieldError('referralId')}>
                    <Input
                      value={referralId}
                      onChange={({ detail }) => editing('referralId', setReferralId)(detail.value)}
                      invalid={!!fieldError('referralId')}
                    />
                  </FormField>
                  <FormField stretch label={t('user_type')}>
                    <RadioGroup
                      value={usertype}
                      onChange={({ detail }) => setUsertype(detail.value as UserType)}
                      items={[
                        { value: 'rider', label: t('role_rider'), description: t('register_as_rider') },
                        { value: 'driver', label: t('role_driver'), description: t('register_as_driver') },
                      ]}
                    />
                  </FormField>
                </SpaceBetween>
              </Container>
              {usertype === 'driver' ? (
                <Container header={<Header variant="h2">{t('driver_details')}</Header>}>
                  <SpaceBetween size="l">
                    <FormField stretch
                      label={t('license_image')}
                      description={t('license_image_hint')}
                      errorText={fieldError('licenseImage')}
                    >
                      <FileUpload
                        value={licence}
                        onChange={({ detail }) => editing('licenseImage', setLicence)(detail.value.slice(0, 1))}
                        accept={IMAGE_TYPES.join(',')}
                        showFileSize
                        showFileThumbnail
                        constraintText={t('document_constraint')}
                        i18nStrings={{
                          uploadButtonText: () => t('choose_file'),
                          dropzoneText: () => t('drop_file'),
                          removeFileAriaLabel: () => t('remove_file'),
                          errorIconAriaLabel: t('error'),
                        }}
                      />
                    </FormField>
                    <UploadProgress task={sending.task} snapshot={sending.snapshot} label={t('license_image')} />
                    <Grid gridDefinition={[half, half]}>
                      <FormField stretch label={t('vehicle_make')} description={t('optional')}>
                        <Input value={vehicleMake} onChange={({ detail }) => setVehicleMake(detail.value)} />
                      </FormField>
                      <FormField stretch label={t('vehicle_model')} description={t('optional')}>
                        <Input value={vehicleModel} onChange={({ detail }) => setVehicleModel(detail.value)} />
                      </FormField>
                    </Grid>
                    <Grid gridDefinition={[half, half]}>
                      <FormField stretch label={t('vehicle_number')} description={t('optional')}>
                        <Input value={vehicleNumber} onChange={({ detail }) => setVehicleNumber(detail.value)} />
                      </FormField>
                      <FormField stretch label={t('car_type')} description={t('optional')}>
                        <Select
                          selectedOption={carTypeOptions.find((o) => o.value === carType) ?? null}
                          onChange={({ detail }) => setCarType(detail.selectedOption.value ?? null)}
                          options={carTypeOptions}
                          placeholder={t('choose_car_type')}
                          statusType={carTypes.loading ? 'loading' : carTypes.error ? 'error' : 'finished'}
                          loadingText={t('loading')}
                          errorText={t('load_failed')}
                          empty={t('no_cars')}
                        />
                      </FormField>
                    </Grid>
                  </SpaceBetween>
                </Container>
              ) : null}
            </SpaceBetween>
          </Form>
        </form>
      </Grid>
    </Box>
  );
}

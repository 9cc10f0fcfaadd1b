import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import type { CountryCode } from 'libphonenumber-js';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CarType, UserProfile } from '../../../../shared/src/contract';
import { isEmailGeneral } from '../../../../shared/src/domain/email';
import { validatePassword } from '../../../../shared/src/domain/password';
import { buildMobile, validateTypedPhone } from '../../../../shared/src/domain/phone';
import { validateName } from '../../../../shared/src/domain/register-rules';
import { firstFailure, OK, fail } from '../../../../shared/src/domain/validation-result';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { useSettings } from '../../app/settings-context';
import { countryFromSetting, dialCodeOf, defaultDialCode } from '../../components/countries';
import { CountrySelect } from '../../components/country-select';
import { MobileField } from '../../components/mobile-field';
import { ModalFooter } from '../../components/modal-footer';
import { NameFields } from '../../components/name-fields';
import { NewPasswordField } from '../../components/new-password-field';
import { ProblemAlert } from '../../components/problem-alert';
import { DriverDocumentsSection } from '../../features/driver-documents/driver-documents-section';
import type { UserType } from './table-config';

type Field = 'firstName' | 'lastName' | 'email' | 'mobile' | 'password' | 'carType';

interface Problem {
  key: string;
  field?: Field;
  fallback?: string;
}

export interface UserFormModalProps {
  visible: boolean;
  usertype: UserType;
  /** The user being edited; absent when adding. */
  user?: UserProfile;
  carTypes: readonly CarType[];
  carTypesLoading: boolean;
  onDismiss: () => void;
  onSaved: (user: UserProfile, mode: 'add' | 'edit') => void;
}

/** Two columns once the form is wide enough (Cloudscape grid breakpoints follow the container). */
const half = { colspan: { default: 12, xs: 6 } };
const TITLES: Record<UserType, { add: string; edit: string }> = {
  rider: { add: 'add_rider', edit: 'edit_rider' },
  driver: { add: 'add_driver', edit: 'edit_driver' },
  fleetadmin: { add: 'add_fleet_admin', edit: 'edit_fleet_admin' },
};

/** Optional text fields go out only when filled on add; on edit an emptied field is sent empty to clear it. */
const text = (value: string, mode: 'add' | 'edit') => {
  const v = value.trim();
  return v || mode === 'edit' ? v : undefined;
};

/**
 * Spec §5 Other: add (names, email, mobile with dial code, initial password, driver fields) after
 * an existence check (user_exists / email_or_mobile_issue); edit (names and driver fields only:
 * email and mobile are editable only on add).
 */
export function UserFormModal({ visible, usertype, user, carTypes, carTypesLoading, onDismiss, onSaved }: UserFormModalProps) {
  const { t } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const mode = user ? 'edit' : 'add';
  const driver = usertype === 'driver';

  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [country, setCountry] = useState<CountryCode>('US');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [vehicleMake, setVehicleMake] = useState('');
  const [vehicleModel, setVehicleModel] = useState('');
  const [vehicleNumber, setVehicleNumber] = useState('');
  const [carType, setCarType] = useState<string | null>(null);
  const [bankName, setBankName] = useState('');
  const [bankCode, setBankCode] = useState('');
  const [bankAccount, setBankAccount] = useState('');
  const [active, setActive] = useState(true);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!visible) return;
    setFirstName(user?.firstName ?? '');
    setLastName(user?.lastName ?? '');
    setEmail('');
    setCountry(countryFromSetting(settings.country) ?? 'US');
    setPhone('');
    setPassword('');
    setVehicleMake(user?.vehicleMake ?? '');
    setVehicleModel(user?.vehicleModel ?? '');
    setVehicleNumber(user?.vehicleNumber ?? '');
    setCarType(user?.carType ?? null);
    setBankName(user?.bankName ?? '');
    setBankCode(user?.bankCode ?? '');
    setBankAccount(user?.bankAccount ?? '');
    setActive(user?.driverActiveStatus ?? true);
    setProblem(null);
  }, [visible, user, settings.country]);

  const dialCode = settings.AllowCountrySelection ? dialCodeOf(country) : defaultDialCode(settings.country);

  const fieldError = (field: Field) =>
    problem?.field === field ? t(problem.key, { defaultValue: problem.fallback }) : undefined;

  const driverFields = () => ({
    vehicleMake: text(vehicleMake, mode),
    vehicleModel: text(vehicleModel, mode),
    vehicleNumber: text(vehicleNumber, mode),
    // Spec §5: a driver's car type must be one of the car type names; never sent blank.
    ...(carType ? { carType } : {}),
    ...(settings.bank_fields
      ? { bankName: text(bankName, mode), bankCode: text(bankCode, mode), bankAccount: text(bankAccount, mode) }
      : {}),
  });

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    const rule = firstFailure(
      () => validateName(firstName, 'firstName'),
      () => validateName(lastName, 'lastName'),
      () => (mode === 'edit' || isEmailGeneral(email.trim()) ? OK : fail('proper_email', 'email')),
      () => (mode === 'edit' ? OK : validateTypedPhone(phone)),
      () => (mode === 'edit' ? OK : validatePassword(password)),
    );
    if (!rule.ok) return setProblem({ key: rule.key, field: rule.field as Field | undefined });
    setProblem(null);
    setBusy(true);
    try {
      let saved: UserProfile;
      if (!user) {
        const mobile = buildMobile(dialCode, phone);
        // Spec §5: check first; an existing email or mobile cancels the add.
        let exists: boolean;
        try {
          ({ exists } = await api.checkUserExists({ body: { email: email.trim(), mobile } }));
        } catch {
          setProblem({ key: 'email_or_mobile_issue' });
          return;
        }
        if (exists) return setProblem({ key: 'user_exists' });
        saved = await api.addUser({
          body: {
            usertype,
            firstName: firstName.trim(),
            lastName: lastName.trim(),
            email: email.trim(),
            mobile,
            password,
            ...(driver ? driverFields() : {}),
          },
        });
      } else {
        saved = await api.editUser({
          params: { id: user.id },
          body: {
            firstName: firstName.trim(),
            lastName: lastName.trim(),
            ...(driver ? { ...driverFields(), driverActiveStatus: active } : {}),
          },
        });
      }
      onSaved(saved, mode);
    } catch (e) {
      setProblem(
        isApiError(e)
          ? { key: e.code, fallback: e.message }
          : { key: 'request_failed', fallback: e instanceof Error ? e.message : String(e) },
      );
    } finally {
      setBusy(false);
    }
  };

  const carTypeOptions = carTypes.map((c) => ({ value: c.name, label: c.name }));
  const phoneField = <MobileField dialCode={dialCode} value={phone} onChange={setPhone} error={fieldError('mobile')} />;

  return (
    <Modal
      visible={visible}
      onDismiss={onDismiss}
      size="large"
      header={t(TITLES[usertype][mode])}
      closeAriaLabel={t('close')}
      footer={
        <ModalFooter
          onCancel={onDismiss}
          onConfirm={() => void submit()}
          busy={busy}
          confirmLabel={t(mode === 'add' ? 'add' : 'save')}
          confirmTestId="user-form-save"
        />
      }
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <SpaceBetween size="l">
          <ProblemAlert problem={problem} testId="user-form-error" />
          <NameFields
            firstName={firstName}
            lastName={lastName}
            onFirstNameChange={setFirstName}
            onLastNameChange={setLastName}
            firstNameError={fieldError('firstName')}
            lastNameError={fieldError('lastName')}
          />
          {mode === 'add' ? (
            <>
              <Grid gridDefinition={[half, half]}>
                <FormField stretch label={t('email')} errorText={fieldError('email')}>
                  <Input
                    type="email"
                    inputMode="email"
                    autoComplete="off"
                    value={email}
                    onChange={({ detail }) => setEmail(detail.value)}
                    invalid={!!fieldError('email')}
                  />
                </FormField>
                <NewPasswordField label={t('initial_password')} value={password} onChange={setPassword} error={fieldError('password')} />
              </Grid>
              {settings.AllowCountrySelection ? (
                <Grid gridDefinition={[half, half]}>
                  <FormField stretch label={t('country')}>
                    <CountrySelect value={country} onChange={setCountry} />
                  </FormField>
                  {phoneField}
                </Grid>
              ) : (
                phoneField
              )}
            </>
          ) : (
            <Box color="text-body-secondary" variant="small">
              {t('email_mobile_add_only')}
            </Box>
          )}
          {driver ? (
            <SpaceBetween size="l">
              <Header variant="h3">{t('driver_details')}</Header>
              <Grid gridDefinition={[half, half]}>
                <FormField stretch label={t('vehicle_make')}>
                  <Input value={vehicleMake} onChange={({ detail }) => setVehicleMake(detail.value)} />
                </FormField>
                <FormField stretch label={t('vehicle_model')}>
                  <Input value={vehicleModel} onChange={({ detail }) => setVehicleModel(detail.value)} />
                </FormField>
              </Grid>
              <Grid gridDefinition={[half, half]}>
                <FormField stretch label={t('vehicle_number')}>
                  <Input value={vehicleNumber} onChange={({ detail }) => setVehicleNumber(detail.value)} />
                </FormField>
                <FormField stretch label={t('car_type')} errorText={fieldError('carType')}>
                  <Select
                    selectedOption={carTypeOptions.find((o) => o.value === carType) ?? null}
                    onChange={({ detail }) => setCarType(detail.selectedOption.value ?? null)}
                    options={carTypeOptions}
                    placeholder={t('choose_car_type')}
                    statusType={carTypesLoading ? 'loading' : 'finished'}
                    loadingText={t('loading')}
                    empty={t('no_cars')}
                    expandToViewport
                    data-testid="car-type-select"
                  />
                </FormField>
              </Grid>
              {settings.bank_fields ? (
                <Grid gridDefinition={[{ colspan: { default: 12, xs: 4 } }, { colspan: { default: 12, xs: 4 } }, { colspan: { default: 12, xs: 4 } }]}>
                  <FormField stretch label={t('bank_name')}>
                    <Input value={bankName} onChange={({ detail }) => setBankName(detail.value)} />
                  </FormField>
                  <FormField stretch label={t('bank_code')}>
                    <Input value={bankCode} onChange={({ detail }) => setBankCode(detail.value)} />
                  </FormField>
                  <FormField stretch label={t('bank_account')}>
                    <Input value={bankAccount} onChange={({ detail }) => setBankAccount(detail.value)} />
                  </FormField>
                </Grid>
              ) : null}
              {/* Spec §3 licenseImage is the licence document's picture: the documents show it as the driver sees it. */}
              {user ? <DriverDocumentsSection driverId={user.id} mode="reviewer" /> : null}
              {mode === 'edit' ? (
                <Toggle checked={active} onChange={({ detail }) => setActive(detail.checked)}>
                  {t('driver_active')}
                </Toggle>
              ) : null}
            </SpaceBetween>
          ) : null}
          <button type="submit" hidden />
        </SpaceBetween>
      </form>
    </Modal>
  );
}

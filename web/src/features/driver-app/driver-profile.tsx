import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '../../../../shared/src/contract';
import { useApi } from '../../api/api-context';
import { useSettings } from '../../app/settings-context';
import { useAuth } from '../../auth/auth-context';
import { errorText } from '../../components/error-text';
import { useApiQuery } from '../../components/use-api-query';
import { DriverDocumentsSection } from '../driver-documents/driver-documents-section';

const half = { colspan: { default: 12, xs: 6 } };
const third = { colspan: { default: 12, xs: 4 } };
type Details = Record<'vehicleMake' | 'vehicleModel' | 'vehicleNumber' | 'carType' | 'bankName' | 'bankCode' | 'bankAccount', string>;

const detailsOf = (u: UserProfile): Details => ({
  vehicleMake: u.vehicleMake ?? '', vehicleModel: u.vehicleModel ?? '', vehicleNumber: u.vehicleNumber ?? '', carType: u.carType ?? '',
  bankName: u.bankName ?? '', bankCode: u.bankCode ?? '', bankAccount: u.bankAccount ?? '',
});

/**
 * Spec §3 driver extras on the driver's /profile: the vehicle (make, model, number, car type), the
 * bank details every withdrawal request reuses (while settings bank_fields is on), and the documents.
 * The licence is one of the documents (its image, expiry and review state), shown and replaced only
 * there: admins and fleet admins see the same section on the driver.
 */
export function DriverProfile({ user }: { user: UserProfile }) {
  const { t } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const { refreshUser } = useAuth();
  const loadCarTypes = useCallback((signal: AbortSignal) => api.fetchCarTypes({}, { signal }).then((r) => r.items), [api]);
  const carTypes = useApiQuery(loadCarTypes);
  const [form, setForm] = useState<Details>(() => detailsOf(user));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ type: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => setForm(detailsOf(user)), [user]);
  const set = (key: keyof Details, value: string) => { setForm((f) => ({ ...f, [key]: value })); setMessage(null); };

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const trimmed = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.trim()])) as Details;
      const { carType, bankName, bankCode, bankAccount, ...vehicle } = trimmed;
      await api.updateDriverDetails({
        body: {
          ...vehicle,
          // A car type is one of the catalogue's names, never cleared.
          ...(carType ? { carType } : {}),
          ...(settings.bank_fields ? { bankName, bankCode, bankAccount } : {}),
        },
      });
      await refreshUser();
      setMessage({ type: 'success', text: t('driver_details_saved') });
    } catch (e) {
      setMessage({ type: 'error', text: errorText(t, e) });
    } finally {
      setBusy(false);
    }
  };

  const text = (key: keyof Details, label: string) => (
    <FormField stretch label={t(label)}>
      <Input value={form[key]} onChange={({ detail }) => set(key, detail.value)} data-testid={`driver-${key}`} />
    </FormField>
  );
  const options = (carTypes.data ?? []).map((c) => ({ value: c.name, label: c.name }));

  return (
    <SpaceBetween size="l">
      <form onSubmit={(e) => void save(e)} noValidate>
        <Form actions={<Button variant="primary" formAction="submit" loading={busy} data-testid="driver-details-save">{t(settings.bank_fields ? 'driver_details_save' : 'save')}</Button>}>
          <SpaceBetween size="l">
            {message ? (
              <Alert type={message.type} dismissible onDismiss={() => setMessage(null)} data-testid="driver-details-message">{message.text}</Alert>
            ) : null}
            <Container header={<Header variant="h2" description={t('driver_vehicle_description')}>{t('driver_vehicle')}</Header>}>
              <SpaceBetween size="l">
                <Grid gridDefinition={[half, half]}>
                  {text('vehicleMake', 'vehicle_make')}
                  {text('vehicleModel', 'vehicle_model')}
                </Grid>
                <Grid gridDefinition={[half, half]}>
                  {text('vehicleNumber', 'vehicle_number')}
                  <FormField stretch label={t('car_type')}>
                    <Select
                      selectedOption={options.find((o) => o.value === form.carType) ?? (form.carType ? { value: form.carType, label: form.carType } : null)}
                      onChange={({ detail }) => set('carType', detail.selectedOption.value ?? '')}
                      options={options}
                      placeholder={t('choose_car_type')}
                      statusType={carTypes.loading ? 'loading' : 'finished'}
                      loadingText={t('loading')}
                      empty={t('no_cars')}
                      data-testid="driver-carType"
                    />
                  </FormField>
                </Grid>
              </SpaceBetween>
            </Container>
            {settings.bank_fields ? (
              <Container header={<Header variant="h2" description={t('driver_bank_description')}>{t('driver_bank')}</Header>}>
                <Grid gridDefinition={[third, third, third]}>
                  {text('bankName', 'bank_name')}
                  {text('bankCode', 'bank_code')}
                  {text('bankAccount', 'bank_account')}
                </Grid>
              </Container>
            ) : null}
          </SpaceBetween>
        </Form>
      </form>
      <DriverDocumentsSection driverId={user.id} mode="driver" />
    </SpaceBetween>
  );
}

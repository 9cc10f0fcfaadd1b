import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
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
import { displayName } from '../../auth/display-name';
import { errorText } from '../../components/error-text';
import { IMAGE_TYPES, imageProblem, MAX_DOCUMENT_BYTES } from '../../components/upload-file';
import { isUploadShown, UploadProgress, useUploadTask } from '../../components/upload/upload-progress';
import { useApiQuery } from '../../components/use-api-query';
import { LicenceImage } from './licence-image';
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
 * bank details every withdrawal request reuses (while settings bank_fields is on), and the licence.
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
      <DriverLicence user={user} />
      <DriverDocumentsSection driverId={user.id} mode="driver" />
    </SpaceBetween>
  );
}

/** The licence on file and a new one, uploaded as at sign-up (in parts above 5 MiB). */
function DriverLicence({ user }: { user: UserProfile }) {
  const { t } = useTranslation();
  const api = useApi();
  const { refreshUser } = useAuth();
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const sending = useUploadTask();

  const upload = async () => {
    const file = files[0];
    if (!file) return;
    const bad = imageProblem(file, MAX_DOCUMENT_BYTES);
    if (bad) return setMessage({ type: 'error', text: t(bad) });
    setBusy(true);
    setMessage(null);
    try {
      const ticket = await api.createSignupUploadUrl({ body: { contentType: file.type as (typeof IMAGE_TYPES)[number], size: file.size } });
      const key = ticket.key;
      await sending.upload(file, ticket, {
        parts: (body) => api.createSignupUploadParts({ body: { ...body, key } }),
        complete: (body) => api.completeSignupUpload({ body: { ...body, key } }),
        abort: (body) => api.abortSignupUpload({ body: { ...body, key } }),
      });
      await api.setLicenceImage({ body: { key } });
      await refreshUser();
      setFiles([]);
      setMessage({ type: 'success', text: t('driver_licence_updated') });
    } catch (e) {
      setMessage({ type: 'error', text: errorText(t, e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container header={<Header variant="h2">{t('driver_licence')}</Header>} data-testid="driver-licence">
      <ColumnLayout columns={2}>
        <LicenceImage uid={user.id} name={displayName(user)} version={user.licenseImage} />
        <SpaceBetween size="m">
          {message ? <Alert type={message.type} dismissible onDismiss={() => setMessage(null)}>{message.text}</Alert> : null}
          <FormField label={t('driver_licence_new')} constraintText={t('document_constraint')}>
            <FileUpload
              value={files}
              onChange={({ detail }) => setFiles(detail.value.slice(0, 1))}
              accept={IMAGE_TYPES.join(',')}
              showFileSize
              showFileThumbnail
              i18nStrings={{
                uploadButtonText: () => t('choose_file'),
                dropzoneText: () => t('drop_file'),
                removeFileAriaLabel: () => t('remove_file'),
                errorIconAriaLabel: t('error'),
              }}
              data-testid="driver-licence-file"
            />
          </FormField>
          {isUploadShown(sending.snapshot) ? <UploadProgress task={sending.task} snapshot={sending.snapshot} label={t('license_image')} /> : null}
          <Button onClick={() => void upload()} loading={busy} disabled={files.length === 0} iconName="upload" data-testid="driver-licence-upload">
            {t('driver_licence_upload')}
          </Button>
        </SpaceBetween>
      </ColumnLayout>
    </Container>
  );
}

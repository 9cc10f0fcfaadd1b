import Checkbox from '@cloudscape-design/components/checkbox';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CarType } from '../../../../shared/src/contract';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { useSettings } from '../../app/settings-context';
import { errorText } from '../../components/error-text';
import { ModalFooter } from '../../components/modal-footer';
import { ProblemAlert } from '../../components/problem-alert';
import { imageProblem, IMAGE_TYPES } from '../../components/upload-file';
import { UploadProgress, useUploadTask } from '../../components/upload/upload-progress';
import { parseAmount } from '../../components/parse-amount';
import { fieldsOf, type CarTypeBody } from './car-type-body';

type FeeType = CarType['convenience_fee_type'];
type MoneyField = 'base_fare' | 'rate_per_unit_distance' | 'rate_per_hour' | 'min_fare' | 'convenience_fees';
type Field = 'name' | 'image' | MoneyField;
interface Problem { key: string; field?: Field; fallback?: string }

const MONEY_FIELDS: readonly MoneyField[] = ['base_fare', 'rate_per_unit_distance', 'rate_per_hour', 'min_fare', 'convenience_fees'];
const FEE_TYPES: readonly FeeType[] = ['flat', 'percent', 'percentage'];
const half = { colspan: { default: 12, xs: 6 } };

export interface CarTypeFormModalProps {
  visible: boolean;
  /** The car type being edited; absent when adding. */
  carType?: CarType;
  onDismiss: () => void;
  onSaved: (carType: CarType, mode: 'add' | 'edit') => void;
}

/**
 * Spec editCarType Add and Update: name, image, the four prices, the convenience fee and its type,
 * extra info. Parcel types, options and the slab have their own dialogs. The server repeats every
 * check (and refuses the save in demo mode); this form only catches the obvious first.
 */
export function CarTypeFormModal({ visible, carType: current, onDismiss, onSaved }: CarTypeFormModalProps) {
  const { t } = useTranslation();
  const sending = useUploadTask();
  const api = useApi();
  const { settings } = useSettings();
  // The car type as it was when the dialog opened: a live reload must neither wipe the admin's
  // input nor move the version under it (a concurrent save then gets 409 instead of being lost).
  const [carType, setCarType] = useState<CarType | undefined>(current);
  const mode = carType ? 'edit' : 'add';

  const [name, setName] = useState('');
  const [money, setMoney] = useState<Record<MoneyField, string>>({ base_fare: '', rate_per_unit_distance: '', rate_per_hour: '', min_fare: '', convenience_fees: '' });
  const [feeType, setFeeType] = useState<FeeType>('flat');
  const [extraInfo, setExtraInfo] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [removeImage, setRemoveImage] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!visible) return;
    const carType = current;
    setCarType(current);
    setName(carType?.name ?? '');
    setMoney({
      base_fare: carType ? String(carType.base_fare) : '',
      rate_per_unit_distance: carType ? String(carType.rate_per_unit_distance) : '',
      rate_per_hour: carType ? String(carType.rate_per_hour) : '',
      min_fare: carType ? String(carType.min_fare) : '',
      convenience_fees: carType ? String(carType.convenience_fees) : '',
    });
    setFeeType(carType?.convenience_fee_type ?? 'flat');
    setExtraInfo(carType?.extra_info ?? '');
    setFiles([]);
    setRemoveImage(false);
    setProblem(null);
    // Reset on open or for another car type only, never on a reload of the same one.
  }, [visible, current?.id]);

  const fieldError = (field: Field) => (problem?.field === field ? t(problem.key, { defaultValue: problem.fallback }) : undefined);

  /** The form as fields, or the first problem with the field to highlight. */
  const read = (): { ok: true; fields: Omit<CarTypeBody, 'image'> } | { ok: false; problem: Problem } => {
    if (!name.trim()) return { ok: false, problem: { key: 'field_required', field: 'name' } };
    const amounts = {} as Record<MoneyField, number>;
    for (const f of MONEY_FIELDS) {
      const n = parseAmount(money[f]);
      if (n === undefined) return { ok: false, problem: { key: 'amount_invalid', field: f } };
      amounts[f] = n;
    }
    if (feeType !== 'flat' && amounts.convenience_fees > 100) return { ok: false, problem: { key: 'percent_max', field: 'convenience_fees' } };
    const base = carType ? fieldsOf(carType) : { parcelTypes: [], options: [], cancelSlab: [] };
    return {
      ok: true,
      fields: { ...base, name: name.trim(), ...amounts, convenience_fee_type: feeType, extra_info: extraInfo.trim() },
    };
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const form = read();
    if (!form.ok) {
      setProblem(form.problem);
      return;
    }
    const file = files[0];
    if (file) {
      const bad = imageProblem(file);
      if (bad) {
        setProblem({ key: bad, field: 'image' });
        return;
      }
    }
    setBusy(true);
    setProblem(null);
    try {
      let image: string | null | undefined;
      if (file) {
        const ticket = await api.createCarTypeImageUploadUrl({ body: { contentType: file.type as (typeof IMAGE_TYPES)[number], size: file.size } });
        await sending.upload(file, ticket);
        image = ticket.key;
      } else if (removeImage) {
        image = null;
      }
      const fields = { ...form.fields, ...(image !== undefined ? { image } : {}) };
      const saved = carType
        ? await api.updateCarType({ params: { id: carType.id }, body: { version: carType.version, carType: fields } })
        : await api.addCarType({ body: fields });
      onSaved(saved, mode);
    } catch (err) {
      const code = isApiError(err) ? err.code : 'request_failed';
      const path = isApiError(err) ? err.details?.[0]?.path.split('.').at(-1) : undefined;
      const field = code === 'name_exists' ? 'name' : (path as Field | undefined);
      setProblem({ key: code, field: field && (field === 'name' || field === 'image' || MONEY_FIELDS.includes(field as MoneyField)) ? field : undefined, fallback: errorText(t, err) });
    } finally {
      setBusy(false);
    }
  };

  const unit = t(settings.convert_to_mile ? 'col_rate_per_mile' : 'col_rate_per_km');
  const moneyInput = (field: MoneyField, label: string, hint?: string) => (
    <FormField label={label} description={hint} errorText={fieldError(field)}>
      <Input
        value={money[field]}
        inputMode="decimal"
        onChange={({ detail }) => {
          setMoney((m) => ({ ...m, [field]: detail.value }));
          if (problem?.field === field) setProblem(null);
        }}
        invalid={problem?.field === field}
        data-testid={`cartype-${field}`}
      />
    </FormField>
  );

  return (
    <Modal
      visible={visible}
      size="large"
      onDismiss={onDismiss}
      header={t(mode === 'add' ? 'add_car_type' : 'edit_car_type')}
      closeAriaLabel={t('close')}
      footer={<ModalFooter onCancel={onDismiss} onConfirm={() => void submit()} busy={busy} confirmLabel={t('save')} confirmTestId="cartype-save" />}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <SpaceBetween size="m">
          <ProblemAlert problem={problem && !problem.field ? problem : null} testId="cartype-form-error" />
          <Grid gridDefinition={[half, half]}>
            <FormField label={t('col_name')} errorText={fieldError('name')}>
              <Input value={name} onChange={({ detail }) => { setName(detail.value); if (problem?.field === 'name') setProblem(null); }} invalid={problem?.field === 'name'} data-testid="cartype-name" />
            </FormField>
            <FormField label={t('col_image')} description={t('image_constraint')} errorText={fieldError('image')}>
              <SpaceBetween size="xs">
                {carType?.image && !files.length && !removeImage ? (
                  <img src={carType.image} alt={carType.name} height={40} style={{ objectFit: 'contain' }} />
                ) : null}
                <FileUpload
                  value={files}
                  onChange={({ detail }) => setFiles(detail.value)}
                  accept={IMAGE_TYPES.join(',')}
                  showFileThumbnail
                  i18nStrings={{
                    uploadButtonText: () => t('choose_file'),
                    dropzoneText: () => t('drop_file'),
                    removeFileAriaLabel: () => t('remove_file'),
                    limitShowFewer: t('show_fewer'),
                    limitShowMore: t('show_more'),
                    errorIconAriaLabel: t('error'),
                  }}
                />
                {carType?.image ? (
                  <Checkbox checked={removeImage} onChange={({ detail }) => setRemoveImage(detail.checked)} disabled={files.length > 0}>
                    {t('remove_image')}
                  </Checkbox>
                ) : null}
                <UploadProgress task={sending.task} snapshot={sending.snapshot} />
              </SpaceBetween>
            </FormField>
          </Grid>
          <Grid gridDefinition={[half, half, half, half]}>
            {moneyInput('base_fare', t('col_base_fare'))}
            {moneyInput('rate_per_unit_distance', unit)}
            {moneyInput('rate_per_hour', t('col_rate_per_hour'))}
            {moneyInput('min_fare', t('col_min_fare'))}
          </Grid>
          <Grid gridDefinition={[half, half]}>
            <FormField label={t('col_fee_type')}>
              <Select
                selectedOption={{ value: feeType, label: t(`fee_type_${feeType}_long`) }}
                options={FEE_TYPES.map((v) => ({ value: v, label: t(`fee_type_${v}_long`) }))}
                onChange={({ detail }) => setFeeType(detail.selectedOption.value as FeeType)}
                data-testid="cartype-fee-type"
              />
            </FormField>
            {moneyInput('convenience_fees', t('col_convenience_fee'), t(feeType === 'flat' ? 'fee_flat_hint' : 'fee_percent_hint'))}
          </Grid>
          <FormField label={t('col_extra_info')} secondaryControl={undefined}>
            <Textarea value={extraInfo} rows={2} onChange={({ detail }) => setExtraInfo(detail.value)} data-testid="cartype-extra-info" />
          </FormField>
          {/* Enter submits the form like a click on Save. */}
          <button type="submit" hidden aria-hidden />
        </SpaceBetween>
      </form>
    </Modal>
  );
}

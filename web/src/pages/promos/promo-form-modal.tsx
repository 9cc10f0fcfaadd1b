import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PromoFields, type Promo } from '../../../../shared/src/contract';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { errorText } from '../../components/error-text';
import { ModalFooter } from '../../components/modal-footer';
import { ProblemAlert } from '../../components/problem-alert';
import { parseAmount } from '../../components/parse-amount';
import { useFormProblems, type FormProblem } from '../../components/use-form-problems';

type Field = 'promo_name' | 'promo_description' | 'promo_discount_value' | 'max_promo_discount_value' | 'min_order' | 'promo_validity' | 'promo_usage_limit';

/** The message of a field the contract refused, when it is not simply empty. */
const REFUSED: Partial<Record<Field, string>> = {
  promo_name: 'promo_name_invalid',
  promo_discount_value: 'percent_max',
  promo_validity: 'date_invalid',
  promo_usage_limit: 'usage_limit_invalid',
};
type Kind = Promo['promo_discount_type'];

const half = { colspan: { default: 12, xs: 6 } };

/** A promo can be used up to and including its validity date. */
export function isExpired(validity: string, today: string): boolean {
  return validity < today;
}

export interface PromoFormModalProps {
  visible: boolean;
  promo?: Promo;
  onDismiss: () => void;
  onSaved: (promo: Promo, mode: 'add' | 'edit') => void;
}

/** Spec editPromo Add and Update. `user_avail` is shown, never sent: the booking work counts it. */
export function PromoFormModal({ visible, promo: current, onDismiss, onSaved }: PromoFormModalProps) {
  const { t } = useTranslation();
  const api = useApi();
  const [promo, setPromo] = useState<Promo | undefined>(current);
  const mode = promo ? 'edit' : 'add';
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [kind, setKind] = useState<Kind>('percentage');
  const [value, setValue] = useState('');
  const [maxDiscount, setMaxDiscount] = useState('');
  const [minOrder, setMinOrder] = useState('');
  const [validity, setValidity] = useState('');
  const [limit, setLimit] = useState('');
  const problems = useFormProblems<Field>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!visible) return;
    setPromo(current);
    setName(current?.promo_name ?? '');
    setDescription(current?.promo_description ?? '');
    setKind(current?.promo_discount_type ?? 'percentage');
    setValue(current ? String(current.promo_discount_value) : '');
    setMaxDiscount(current ? String(current.max_promo_discount_value) : '');
    setMinOrder(current ? String(current.min_order) : '');
    setValidity(current?.promo_validity ?? '');
    setLimit(current ? String(current.promo_usage_limit) : '');
    problems.clear();
    // Reset on open or for another promo only, never on a reload of the same one.
  }, [visible, current?.id]);

  const fieldError = (f: Field) => problems.errorOf(f);
  const invalid = (f: Field) => fieldError(f) !== undefined;

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    // Every refused field at once: an admin fixes the form in one pass, not one field per try.
    const found = new Map<Field, FormProblem<Field>>();
    const refuse = (field: Field, key: string) => { if (!found.has(field)) found.set(field, { key, field }); };
    const required: [Field, string][] = [['promo_name', name], ['promo_discount_value', value], ['max_promo_discount_value', maxDiscount], ['min_order', minOrder], ['promo_validity', validity], ['promo_usage_limit', limit]];
    for (const [field, text] of required) if (!text.trim()) refuse(field, 'field_required');
    const amounts: [Field, string][] = [['promo_discount_value', value], ['max_promo_discount_value', maxDiscount], ['min_order', minOrder]];
    for (const [field, text] of amounts) if (parseAmount(text) === undefined) refuse(field, 'amount_invalid');
    const parsed = PromoFields.safeParse({
      promo_name: name.trim(),
      promo_description: description.trim(),
      promo_discount_type: kind,
      promo_discount_value: parseAmount(value),
      max_promo_discount_value: parseAmount(maxDiscount),
      min_order: parseAmount(minOrder),
      promo_validity: validity,
      promo_usage_limit: /^\d+$/.test(limit.trim()) ? Number(limit.trim()) : Number.NaN,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field | undefined;
        if (field) refuse(field, REFUSED[field] ?? 'field_required');
      }
    }
    if (found.size > 0 || !parsed.success) return problems.flag(...found.values());
    setBusy(true);
    problems.clear();
    try {
      const saved = promo
        ? await api.updatePromo({ params: { id: promo.id }, body: { version: promo.version, promo: parsed.data } })
        : await api.addPromo({ body: parsed.data });
      onSaved(saved, mode);
    } catch (err) {
      const code = isApiError(err) ? err.code : 'request_failed';
      problems.flag({ key: code, field: code === 'name_exists' ? 'promo_name' : undefined, fallback: errorText(t, err) });
    } finally {
      setBusy(false);
    }
  };

  const input = (field: Field, label: string, v: string, set: (s: string) => void, extra: { description?: string; decimal?: boolean } = {}) => (
    <FormField label={label} description={extra.description} errorText={fieldError(field)}>
      <Input value={v} inputMode={extra.decimal ? 'decimal' : undefined} onChange={({ detail }) => { set(detail.value); problems.edited(field); }} invalid={invalid(field)} data-testid={`promo-${field}`} />
    </FormField>
  );

  return (
    <Modal
      visible={visible}
      size="large"
      onDismiss={onDismiss}
      header={t(mode === 'add' ? 'add_promo' : 'edit_promo')}
      closeAriaLabel={t('close')}
      footer={<ModalFooter onCancel={onDismiss} onConfirm={() => void submit()} busy={busy} confirmLabel={t('save')} confirmTestId="promo-save" />}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <SpaceBetween size="m">
          <ProblemAlert problem={problems.formProblem} testId="promo-form-error" />
          <Grid gridDefinition={[half, half]}>
            {input('promo_name', t('col_promo_name'), name, setName, { description: t('promo_name_hint') })}
            {input('promo_description', t('col_description'), description, setDescription)}
          </Grid>
          <Grid gridDefinition={[half, half, half, half]}>
            <FormField label={t('col_discount_type')}>
              <Select
                selectedOption={{ value: kind, label: t(`discount_${kind}`) }}
                options={(['flat', 'percentage'] as const).map((k) => ({ value: k, label: t(`discount_${k}`) }))}
                onChange={({ detail }) => setKind(detail.selectedOption.value as Kind)}
              />
            </FormField>
            {input('promo_discount_value', t('col_discount_value'), value, setValue, { decimal: true })}
            {input('max_promo_discount_value', t('col_max_discount'), maxDiscount, setMaxDiscount, { decimal: true })}
            {input('min_order', t('col_min_order'), minOrder, setMinOrder, { decimal: true })}
          </Grid>
          <Grid gridDefinition={[half, half]}>
            <FormField label={t('col_validity')} constraintText="YYYY/MM/DD" errorText={fieldError('promo_validity')}>
              <DatePicker
                value={validity}
                onChange={({ detail }) => { setValidity(detail.value); problems.edited('promo_validity'); }}
                placeholder="YYYY/MM/DD"
                invalid={invalid('promo_validity')}
                openCalendarAriaLabel={(selected) => t('choose_date') + (selected ? `, ${selected}` : '')}
              />
            </FormField>
            {input('promo_usage_limit', t('col_usage_limit'), limit, setLimit)}
          </Grid>
          {promo ? (
            <FormField label={t('col_user_avail')} description={t('user_avail_read_only')}>
              <Input value={String(promo.user_avail)} readOnly data-testid="promo-user-avail" />
            </FormField>
          ) : null}
          <button type="submit" hidden aria-hidden />
        </SpaceBetween>
      </form>
    </Modal>
  );
}

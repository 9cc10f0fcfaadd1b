import AttributeEditor from '@cloudscape-design/components/attribute-editor';
import Box from '@cloudscape-design/components/box';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CarType } from '../../../../shared/src/contract';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { useSettings } from '../../app/settings-context';
import { errorText } from '../../components/error-text';
import { ModalFooter } from '../../components/modal-footer';
import { ProblemAlert } from '../../components/problem-alert';
import { parseAmount } from '../../components/parse-amount';
import { fieldsOf, parseMinutes } from './car-type-body';

/** The three sub-tables of a car type (spec §2 Car types): parcel types and options in delivery mode, the slab always. */
export type SubTable = 'parcelTypes' | 'options' | 'cancelSlab';

interface Row { first: string; amount: string }
interface RowProblem { index: number; column: 'first' | 'amount'; key: string }

const TEXT: Record<SubTable, { title: string; description: string; first: string; add: string; empty: string }> = {
  parcelTypes: { title: 'parcel_types_title', description: 'parcel_types_description', first: 'col_description', add: 'add_parcel_type', empty: 'no_parcel_types' },
  options: { title: 'options_title', description: 'options_description', first: 'col_description', add: 'add_option', empty: 'no_options' },
  cancelSlab: { title: 'cancel_slab_title', description: 'cancel_slab_description', first: 'col_mins_delayed', add: 'add_slab_row', empty: 'no_slab_rows' },
};

function rowsOf(kind: SubTable, c: CarType): Row[] {
  if (kind === 'cancelSlab') return c.cancelSlab.map((s) => ({ first: String(s.minsDelayed), amount: String(s.amount) }));
  return c[kind].map((p) => ({ first: p.description, amount: String(p.amount) }));
}

export interface SubTableModalProps {
  kind: SubTable | null;
  carType?: CarType;
  onDismiss: () => void;
  onSaved: (carType: CarType) => void;
}

/**
 * Edits one sub-table of a car type as rows (description or minutes delayed, and an amount) and
 * saves the car type with it, at the version the page read: if another admin saved meanwhile the
 * server answers 409 and nothing is lost silently.
 */
export function SubTableModal({ kind, carType: current, onDismiss, onSaved }: SubTableModalProps) {
  const { t } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const [rows, setRows] = useState<Row[]>([]);
  const [rowProblem, setRowProblem] = useState<RowProblem | null>(null);
  const [problem, setProblem] = useState<{ key: string; fallback?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // Snapshot at open, as in the car type form: the save carries the version the rows came from.
  const [carType, setCarType] = useState<CarType | undefined>(current);

  useEffect(() => {
    if (!kind || !current) return;
    setCarType(current);
    setRows(rowsOf(kind, current));
    setRowProblem(null);
    setProblem(null);
    // Reset on open or for another car type only, never on a reload of the same one.
  }, [kind, current?.id]);

  if (!kind || !carType) return null;
  const text = TEXT[kind];

  const save = async () => {
    setRowProblem(null);
    setProblem(null);
    const parsed: { first: string | number; amount: number }[] = [];
    for (const [index, row] of rows.entries()) {
      const first = kind === 'cancelSlab' ? parseMinutes(row.first) : row.first.trim() || undefined;
      if (first === undefined) return setRowProblem({ index, column: 'first', key: kind === 'cancelSlab' ? 'minutes_invalid' : 'field_required' });
      const amount = parseAmount(row.amount);
      if (amount === undefined) return setRowProblem({ index, column: 'amount', key: 'amount_invalid' });
      if (kind === 'cancelSlab' && parsed.some((p) => p.first === first)) return setRowProblem({ index, column: 'first', key: 'minutes_duplicate' });
      parsed.push({ first, amount });
    }
    const change =
      kind === 'cancelSlab'
        ? { cancelSlab: parsed.map((p) => ({ minsDelayed: Number(p.first), amount: p.amount })) }
        : { [kind]: parsed.map((p) => ({ description: String(p.first), amount: p.amount })) };
    setBusy(true);
    try {
      const saved = await api.updateCarType({ params: { id: carType.id }, body: { version: carType.version, carType: fieldsOf(carType, change) } });
      onSaved(saved);
    } catch (e) {
      setProblem({ key: isApiError(e) ? e.code : 'request_failed', fallback: errorText(t, e) });
    } finally {
      setBusy(false);
    }
  };

  const errorFor = (index: number, column: RowProblem['column']) =>
    rowProblem && rowProblem.index === index && rowProblem.column === column ? t(rowProblem.key) : undefined;

  return (
    <Modal
      visible
      size="medium"
      onDismiss={onDismiss}
      header={t(text.title, { name: carType.name })}
      closeAriaLabel={t('close')}
      footer={<ModalFooter onCancel={onDismiss} onConfirm={() => void save()} busy={busy} confirmLabel={t('save')} confirmTestId="subtable-save" />}
    >
      <SpaceBetween size="m">
        <Box variant="p" color="text-body-secondary">
          {t(text.description)}
        </Box>
        <ProblemAlert problem={problem} testId="subtable-error" />
        <AttributeEditor<Row>
          items={rows}
          addButtonText={t(text.add)}
          removeButtonText={t('remove')}
          empty={t(text.empty)}
          onAddButtonClick={() => setRows((r) => [...r, { first: '', amount: '' }])}
          onRemoveButtonClick={({ detail }) => setRows((r) => r.filter((_, i) => i !== detail.itemIndex))}
          definition={[
            {
              label: t(text.first),
              control: (row, index) => (
                <Input
                  value={row.first}
                  inputMode={kind === 'cancelSlab' ? 'numeric' : undefined}
                  onChange={({ detail }) => setRows((r) => r.map((x, i) => (i === index ? { ...x, first: detail.value } : x)))}
                  invalid={errorFor(index, 'first') !== undefined}
                  ariaLabel={`${t(text.first)} ${index + 1}`}
                />
              ),
              errorText: (_row, index) => errorFor(index, 'first'),
            },
            {
              label: t('col_amount_symbol', { symbol: settings.symbol }),
              control: (row, index) => (
                <Input
                  value={row.amount}
                  inputMode="decimal"
                  onChange={({ detail }) => setRows((r) => r.map((x, i) => (i === index ? { ...x, amount: detail.value } : x)))}
                  invalid={errorFor(index, 'amount') !== undefined}
                  ariaLabel={`${t('col_amount')} ${index + 1}`}
                />
              ),
              errorText: (_row, index) => errorFor(index, 'amount'),
            },
          ]}
        />
      </SpaceBetween>
    </Modal>
  );
}

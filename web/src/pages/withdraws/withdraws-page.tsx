import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import { ResponsiveCollection } from '../../components/collection/responsive-collection';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Withdraw } from '../../../../shared/src/contract/withdraws';
import { useApi } from '../../api/api-context';
import type { ApiClient } from '../../api/client';
import { isApiError } from '../../api/client';
import { useNotifications } from '../../app/notifications-context';
import { useSettings } from '../../app/settings-context';
import { asRows, useTablePage } from '../../components/collection/use-table-page';
import type { CsvColumn } from '../../components/csv';
import { EmptyState } from '../../components/empty-state';
import { errorText } from '../../components/error-text';
import { ModalFooter } from '../../components/modal-footer';
import { ProblemAlert, type ActionProblem } from '../../components/problem-alert';
import { TableHeader } from '../../components/table-header';
import { bookingFormat } from '../../features/booking/booking-format';

type State = 'all' | 'false' | 'true';
const PAGE_SIZES = [10, 20, 50, 100] as const;
/** A safety stop for the cursor loop: 100 pages of 100 requests. */
const MAX_PAGES = 100;

/** Every page of `fetchWithdraws` for one state (all, unprocessed, processed), newest first. */
export async function fetchAllWithdraws(api: ApiClient, state: State, signal?: AbortSignal): Promise<Withdraw[]> {
  const items: Withdraw[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await api.fetchWithdraws({ query: { limit: 100, ...(state !== 'all' ? { processed: state } : {}), ...(cursor ? { cursor } : {}) } }, { signal });
    items.push(...result.items);
    cursor = result.next;
    if (!cursor) break;
  }
  return items;
}

/**
 * Spec §2 /withdraws (admin), §4 Withdraw: every driver's request with the §3 fields, sorting,
 * filtering (text, and processed or not on the server), pagination, preferences, CSV export
 * (always on for withdrawals, spec §6) and live refresh. "Process" marks a request paid out after
 * a confirmation; it is disabled once processed (the server refuses a second time anyway).
 */
export default function WithdrawsPage() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const { notify } = useNotifications();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const f = useMemo(() => bookingFormat(t, locale, settings.symbol, settings.timeZone), [t, locale, settings.symbol, settings.timeZone]);
  const [state, setState] = useState<State>('all');

  const columns = useMemo<TableProps.ColumnDefinition<Withdraw>[]>(
    () => [
      { id: 'id', header: t('withdraw_col_id'), cell: (w) => <Box variant="code" fontSize="body-s">{w.id.slice(0, 8)}</Box>, sortingField: 'id' },
      { id: 'name', header: t('withdraw_col_driver'), cell: (w) => w.name, sortingField: 'name', isRowHeader: true },
      { id: 'amount', header: t('withdraw_col_amount'), cell: (w) => f.money(w.amount), sortingField: 'amount' },
      { id: 'date', header: t('withdraw_col_date'), cell: (w) => f.dateTime(w.date), sortingField: 'date' },
      { id: 'bankName', header: t('bank_name'), cell: (w) => w.bankName || '—', sortingField: 'bankName' },
      { id: 'bankCode', header: t('bank_code'), cell: (w) => w.bankCode || '—', sortingField: 'bankCode' },
      { id: 'bankAccount', header: t('bank_account'), cell: (w) => w.bankAccount || '—', sortingField: 'bankAccount' },
      {
        id: 'processed', header: t('withdraw_col_processed'), sortingField: 'processed',
        cell: (w) => (w.processed
          ? <StatusIndicator type="success">{t('withdraw_processed_yes')}</StatusIndicator>
          : <StatusIndicator type="pending">{t('withdraw_processed_no')}</StatusIndicator>),
      },
      { id: 'procesDate', header: t('withdraw_col_procesDate'), cell: (w) => (w.procesDate ? f.dateTime(w.procesDate) : '—'), sortingField: 'procesDate' },
    ],
    [t, f],
  );

  const csvColumns = useMemo<CsvColumn<Withdraw>[]>(
    () => [
      { header: t('withdraw_col_id'), value: (w) => w.id },
      { header: t('withdraw_col_driver'), value: (w) => w.name },
      { header: t('withdraw_col_amount'), value: (w) => w.amount.toFixed(2) },
      { header: t('withdraw_col_date'), value: (w) => new Date(w.date).toISOString() },
      { header: t('bank_name'), value: (w) => w.bankName ?? '' },
      { header: t('bank_code'), value: (w) => w.bankCode ?? '' },
      { header: t('bank_account'), value: (w) => w.bankAccount ?? '' },
      { header: t('withdraw_col_processed'), value: (w) => (w.processed ? t('yes') : t('no')) },
      { header: t('withdraw_col_procesDate'), value: (w) => (w.procesDate ? new Date(w.procesDate).toISOString() : '') },
    ],
    [t],
  );

  const load = useCallback((signal: AbortSignal) => fetchAllWithdraws(api, state, signal), [api, state]);
  const table = useTablePage({
    load,
    rows: asRows,
    topic: 'withdraws',
    trackBy: 'id',
    columns,
    filtering: {
      placeholder: t('find_withdraws'),
      fields: ['id', 'name', 'bankName', 'bankCode', 'bankAccount'],
      // Spec §8's 'No WITHDRAWS available.' as a heading: its words, in sentence case, and what will show here.
      empty: <EmptyState title={t('withdraws_empty_heading')} subtitle={t('withdraws_empty_admin')} />,
      onClear: () => setState('all'),
    },
    sorting: { columnId: 'date', descending: true },
    selection: { keepSelection: true },
    preferences: {
      storageKey: 'withdraws.preferences',
      pageSizes: PAGE_SIZES,
      pageSize: 20,
      // The id is for look-ups and the CSV; hidden at first so the processed state fits on a laptop screen.
      columns: { hidden: ['id'], alwaysVisible: ['name', 'amount', 'processed'] },
      wrapLines: false,
      stripedRows: true,
    },
    // Spec §6: export is always on for withdrawals.
    csv: { fileName: 'withdraws', columns: csvColumns },
  });
  const { selected, reload } = table;

  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ActionProblem>();
  const process = async () => {
    if (!selected) return;
    setBusy(true);
    setProblem(undefined);
    try {
      await api.completeWithdraw({ params: { id: selected.id } });
      setConfirming(false);
      notify({ id: 'withdraws', type: 'success', messageKey: 'withdraw_processed_notice' });
      reload();
    } catch (e) {
      if (isApiError(e) && e.code === 'withdraw_already_processed') reload();
      setProblem({ key: isApiError(e) ? e.code : 'request_failed', fallback: errorText(t, e) });
    } finally {
      setBusy(false);
    }
  };

  const stateOptions = [
    { value: 'all', label: t('withdraw_state_all') },
    { value: 'false', label: t('withdraw_state_open') },
    { value: 'true', label: t('withdraw_state_done') },
  ];

  return (
    <SpaceBetween size="m">
      {table.loadError}
      <ResponsiveCollection
        {...table.tableProps}
        filter={
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            {table.textFilter}
            <Select
              selectedOption={stateOptions.find((o) => o.value === state)!}
              onChange={({ detail }) => setState(detail.selectedOption.value as State)}
              options={stateOptions}
              inlineLabelText={t('withdraw_state_label')}
              data-testid="withdraw-state-filter"
            />
          </SpaceBetween>
        }
        ariaLabels={{
          selectionGroupLabel: t('select_withdraw'),
          itemSelectionLabel: (_, w) => `${w.name} ${f.money(w.amount)}`,
          allItemsSelectionLabel: () => t('select_withdraw'),
        }}
        header={
          <TableHeader
            title={t('withdraws_title')}
            description={t('withdraws_description')}
            count={table.count}
            actions={
              <>
                {table.exportButton}
                <Button
                  variant="primary"
                  disabled={!selected || selected.processed}
                  onClick={() => { setProblem(undefined); setConfirming(true); }}
                  data-testid="withdraw-process"
                >
                  {t('withdraw_process')}
                </Button>
              </>
            }
          />
        }
        data-testid="withdraws-table"
      />
      <Modal
        visible={confirming && !!selected}
        onDismiss={() => setConfirming(false)}
        header={t('withdraw_process_title')}
        closeAriaLabel={t('close')}
        footer={<ModalFooter onCancel={() => setConfirming(false)} onConfirm={() => void process()} busy={busy} confirmLabel={t('withdraw_process')} confirmTestId="withdraw-process-confirm" />}
      >
        <SpaceBetween size="m">
          <Box variant="p">{t('withdraw_process_text', { amount: selected ? f.money(selected.amount) : '', name: selected?.name ?? '' })}</Box>
          <ProblemAlert problem={problem} testId="withdraw-process-error" />
        </SpaceBetween>
      </Modal>
    </SpaceBetween>
  );
}

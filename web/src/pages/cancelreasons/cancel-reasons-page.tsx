import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CancelReason } from '../../../../shared/src/contract';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { useNotifications } from '../../app/notifications-context';
import { itemsOf, useTablePage } from '../../components/collection/use-table-page';
import { DemoModeNotice } from '../../components/demo-mode-notice';
import { EmptyState } from '../../components/empty-state';
import { errorText } from '../../components/error-text';
import { ModalFooter } from '../../components/modal-footer';
import { ProblemAlert } from '../../components/problem-alert';
import { TableHeader } from '../../components/table-header';

/** Spec: ten reasons per page. */
const PAGE_SIZE = 10;

type Dialog = { kind: 'add' } | { kind: 'edit'; reason: CancelReason } | { kind: 'delete'; reason: CancelReason } | null;

/**
 * Spec §2 /cancelreasons (admin): label and value, ten per page, add, edit and delete. A change
 * carries the list version it was made on: deleting renumbers the rest, so a change from a stale
 * list is refused (409) and the list re-read instead of touching the wrong reason. Editable only
 * with critical edits (spec §5); export always on (spec §6).
 */
export default function CancelReasonsPage() {
  const { t } = useTranslation();
  const api = useApi();
  const { notify } = useNotifications();
  const load = useCallback((signal: AbortSignal) => api.fetchCancelReasons({}, { signal }), [api]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [label, setLabel] = useState('');
  const [problem, setProblem] = useState<{ key: string; fallback?: string; field?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const columns = useMemo<TableProps.ColumnDefinition<CancelReason>[]>(
    () => [
      { id: 'value', header: t('col_value'), cell: (r) => r.value, sortingField: 'value', width: 120 },
      { id: 'label', header: t('col_label'), cell: (r) => r.label, sortingField: 'label', isRowHeader: true },
    ],
    [t],
  );

  const table = useTablePage({
    load,
    rows: itemsOf,
    topic: 'catalog',
    trackBy: 'value',
    columns,
    filtering: { placeholder: t('find_cancel_reasons'), fields: ['label'], empty: <EmptyState title={t('no_cancel_reason')} /> },
    sorting: { columnId: 'value' },
    selection: {},
    pageSize: PAGE_SIZE,
    csv: {
      fileName: 'cancellation-reasons',
      columns: [
        { header: t('col_value'), value: (r: CancelReason) => r.value },
        { header: t('col_label'), value: (r: CancelReason) => r.label },
      ],
    },
  });
  // A write answers with the whole renumbered list: it replaces the data without a re-read.
  const { data: list, setData: setList, reload, selected } = table;
  const { actions } = table.collection;

  const open = (next: Dialog) => {
    setProblem(null);
    setLabel(next && next.kind !== 'delete' && next.kind === 'edit' ? next.reason.label : '');
    setDialog(next);
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!dialog || !list) return;
    if (dialog.kind !== 'delete' && !label.trim()) {
      setProblem({ key: 'field_required', field: true });
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const version = list.version;
      const next =
        dialog.kind === 'add'
          ? await api.addCancelReason({ body: { label: label.trim(), version } })
          : dialog.kind === 'edit'
            ? await api.updateCancelReason({ params: { value: dialog.reason.value }, body: { label: label.trim(), version } })
            : await api.deleteCancelReason({ params: { value: dialog.reason.value }, query: { version } });
      setList(next);
      actions.setSelectedItems([]);
      setDialog(null);
      notify({ id: 'cancelreasons', type: 'success', messageKey: `cancel_reason_${dialog.kind === 'add' ? 'added' : dialog.kind === 'edit' ? 'updated' : 'deleted'}` });
    } catch (err) {
      setProblem({ key: isApiError(err) ? err.code : 'request_failed', fallback: errorText(t, err) });
      if (isApiError(err) && (err.code === 'conflict' || err.code === 'not_found')) reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <SpaceBetween size="m">
      <DemoModeNotice />
      {table.loadError}
      <Table
        {...table.tableProps}
        ariaLabels={{
          selectionGroupLabel: t('select_cancel_reason'),
          itemSelectionLabel: (_, item) => item.label,
          allItemsSelectionLabel: () => t('select_cancel_reason'),
        }}
        header={
          <TableHeader
            title={t('cancel_reasons_title')}
            description={t('cancel_reasons_description')}
            count={table.count}
            actions={
              <>
                {table.exportButton}
                <ButtonDropdown
                  disabled={!selected}
                  items={[
                    { id: 'edit', text: t('edit') },
                    { id: 'delete', text: t('delete') },
                  ]}
                  onItemClick={({ detail }) => selected && open({ kind: detail.id as 'edit' | 'delete', reason: selected })}
                  data-testid="cancel-reason-actions"
                >
                  {t('actions')}
                </ButtonDropdown>
                <Button variant="primary" onClick={() => open({ kind: 'add' })} disabled={!list} data-testid="add-cancel-reason">
                  {t('add_cancel_reason')}
                </Button>
              </>
            }
          />
        }
      />
      <Modal
        visible={dialog !== null}
        onDismiss={() => setDialog(null)}
        header={t(dialog?.kind === 'add' ? 'add_cancel_reason' : dialog?.kind === 'edit' ? 'edit_cancel_reason' : 'delete_cancel_reason')}
        closeAriaLabel={t('close')}
        footer={
          <ModalFooter
            onCancel={() => setDialog(null)}
            onConfirm={() => void submit()}
            busy={busy}
            confirmLabel={t(dialog?.kind === 'delete' ? 'delete' : 'save')}
            confirmTestId="cancel-reason-save"
          />
        }
      >
        <SpaceBetween size="m">
          <ProblemAlert problem={problem && !problem.field ? problem : null} testId="cancel-reason-error" />
          {dialog?.kind === 'delete' ? (
            <Box variant="p">{t('delete_cancel_reason_text', { label: dialog.reason.label })}</Box>
          ) : (
            <form onSubmit={(e) => void submit(e)} noValidate>
              <FormField label={t('col_label')} errorText={problem?.field ? t(problem.key) : undefined}>
                <Input value={label} onChange={({ detail }) => setLabel(detail.value)} invalid={problem?.field} data-testid="cancel-reason-label" />
              </FormField>
            </form>
          )}
        </SpaceBetween>
      </Modal>
    </SpaceBetween>
  );
}

import Badge from '@cloudscape-design/components/badge';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Promo } from '../../../../shared/src/contract';
import { operatorZone, zonedPeriods } from '../../../../shared/src/domain/time-zone';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { useNotifications } from '../../app/notifications-context';
import { useSettings } from '../../app/settings-context';
import { itemsOf, useTablePage } from '../../components/collection/use-table-page';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import type { CsvColumn } from '../../components/csv';
import { DemoModeNotice } from '../../components/demo-mode-notice';
import { EmptyState } from '../../components/empty-state';
import { formatMoney, formatPercent } from '../../components/format-money';
import { ProblemAlert } from '../../components/problem-alert';
import { TableHeader } from '../../components/table-header';
import { useDeleteConfirmation } from '../../components/use-delete-confirmation';
import { PromoFormModal, isExpired } from './promo-form-modal';


/**
 * Spec §2 /promos (admin): every §3 field, `user_avail` shown read-only, add, edit and delete
 * (refused in demo mode). Export only with critical edits (spec §6: promos are not among the
 * always-on exports).
 */
export default function PromosPage() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const { notify } = useNotifications();
  const load = useCallback((signal: AbortSignal) => api.fetchPromos({}, { signal }), [api]);
  const locale = i18n.resolvedLanguage ?? i18n.language;
  // A promo's last day is the operator's calendar day, as the server checks it.
  const today = zonedPeriods(Date.now(), operatorZone(settings)).day;

  const [formOpen, setFormOpen] = useState<'add' | 'edit' | null>(null);

  const discount = useCallback(
    (p: Promo) => (p.promo_discount_type === 'flat' ? formatMoney(p.promo_discount_value, settings.symbol, locale) : formatPercent(p.promo_discount_value, locale)),
    [settings.symbol, locale],
  );
  const money = useCallback((n: number) => formatMoney(n, settings.symbol, locale), [settings.symbol, locale]);

  const columns = useMemo<TableProps.ColumnDefinition<Promo>[]>(
    () => [
      { id: 'promo_name', header: t('col_promo_name'), cell: (p) => p.promo_name, sortingField: 'promo_name', isRowHeader: true },
      { id: 'promo_description', header: t('col_description'), cell: (p) => p.promo_description || '—' },
      { id: 'promo_discount_type', header: t('col_discount_type'), cell: (p) => t(`discount_${p.promo_discount_type}`), sortingField: 'promo_discount_type' },
      { id: 'promo_discount_value', header: t('col_discount_value'), cell: discount, sortingField: 'promo_discount_value' },
      { id: 'max_promo_discount_value', header: t('col_max_discount'), cell: (p) => money(p.max_promo_discount_value), sortingField: 'max_promo_discount_value' },
      { id: 'min_order', header: t('col_min_order'), cell: (p) => money(p.min_order), sortingField: 'min_order' },
      {
        id: 'promo_validity',
        header: t('col_validity'),
        cell: (p) => (
          <SpaceBetween direction="horizontal" size="xs">
            <span>{p.promo_validity}</span>
            {isExpired(p.promo_validity, today) ? <Badge color="grey">{t('promo_expired')}</Badge> : null}
          </SpaceBetween>
        ),
        sortingField: 'promo_validity',
      },
      { id: 'promo_usage_limit', header: t('col_usage_limit'), cell: (p) => p.promo_usage_limit, sortingField: 'promo_usage_limit' },
      { id: 'user_avail', header: t('col_user_avail'), cell: (p) => p.user_avail, sortingField: 'user_avail' },
    ],
    [t, discount, money, today],
  );

  const csvColumns = useMemo<CsvColumn<Promo>[]>(
    () => [
      { header: t('col_promo_name'), value: (p) => p.promo_name },
      { header: t('col_description'), value: (p) => p.promo_description },
      { header: t('col_discount_type'), value: (p) => p.promo_discount_type },
      { header: t('col_discount_value'), value: (p) => p.promo_discount_value },
      { header: t('col_max_discount'), value: (p) => p.max_promo_discount_value.toFixed(2) },
      { header: t('col_min_order'), value: (p) => p.min_order.toFixed(2) },
      { header: t('col_validity'), value: (p) => p.promo_validity },
      { header: t('col_usage_limit'), value: (p) => p.promo_usage_limit },
      { header: t('col_user_avail'), value: (p) => p.user_avail },
    ],
    [t],
  );

  const table = useTablePage({
    load,
    rows: itemsOf,
    topic: 'catalog',
    trackBy: 'id',
    columns,
    filtering: {
      placeholder: t('find_promos'),
      fields: ['promo_name', 'promo_description'],
      // Spec §8 fixed string.
      empty: <EmptyState title={t('no_promos_available')} />,
    },
    selection: { keepSelection: true },
    pageSize: 10,
    csv: settings.AllowCriticalEditsAdmin ? { fileName: 'promos', columns: csvColumns } : undefined,
  });
  const { reload, selected } = table;
  const { actions } = table.collection;

  const deletion = useDeleteConfirmation(
    selected,
    async (promo) => {
      await api.deletePromo({ params: { id: promo.id }, query: { version: promo.version } });
      actions.setSelectedItems([]);
      notify({ id: 'promos', type: 'success', messageKey: 'promo_deleted' });
      reload();
    },
    (e) => {
      if (isApiError(e) && e.code === 'conflict') reload();
    },
  );

  return (
    <SpaceBetween size="m">
      <DemoModeNotice />
      {table.loadError}
      <Table
        {...table.tableProps}
        ariaLabels={{
          selectionGroupLabel: t('select_promo'),
          itemSelectionLabel: (_, item) => item.promo_name,
          allItemsSelectionLabel: () => t('select_promo'),
        }}
        header={
          <TableHeader
            title={t('promos_title')}
            description={t('promos_description')}
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
                  onItemClick={({ detail }) => {
                    if (detail.id === 'edit') setFormOpen('edit');
                    else deletion.open();
                  }}
                  data-testid="promo-actions"
                >
                  {t('actions')}
                </ButtonDropdown>
                <Button variant="primary" onClick={() => setFormOpen('add')} data-testid="add-promo">
                  {t('add_promo')}
                </Button>
              </>
            }
          />
        }
      />
      <PromoFormModal
        visible={formOpen !== null}
        promo={formOpen === 'edit' ? selected : undefined}
        onDismiss={() => setFormOpen(null)}
        onSaved={(saved, mode) => {
          setFormOpen(null);
          actions.setSelectedItems([saved]);
          notify({ id: 'promos', type: 'success', messageKey: mode === 'add' ? 'promo_added' : 'promo_updated' });
          reload();
        }}
      />
      <ConfirmDeleteModal
        visible={deletion.visible}
        busy={deletion.busy}
        onDismiss={deletion.close}
        onConfirm={() => void deletion.confirm()}
        header={t('delete_promo')}
        text={t('delete_promo_text', { name: selected?.promo_name ?? '' })}
        confirmTestId="delete-promo-confirm"
      >
        <ProblemAlert problem={deletion.problem} testId="delete-promo-error" />
      </ConfirmDeleteModal>
    </SpaceBetween>
  );
}

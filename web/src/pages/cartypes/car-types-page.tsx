import Button from '@cloudscape-design/components/button';
import ButtonDropdown, { type ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CarType } from '../../../../shared/src/contract';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { useNotifications } from '../../app/notifications-context';
import { useSettings } from '../../app/settings-context';
import { itemsOf, useTablePage } from '../../components/collection/use-table-page';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { DemoModeNotice } from '../../components/demo-mode-notice';
import { EmptyState } from '../../components/empty-state';
import { ProblemAlert } from '../../components/problem-alert';
import { TableHeader } from '../../components/table-header';
import { useDeleteConfirmation } from '../../components/use-delete-confirmation';
import { CarTypeFormModal } from './car-type-form-modal';
import { SubTableModal, type SubTable } from './sub-table-modal';
import { carTypeColumns, csvColumns, HIDDEN_BY_DEFAULT, PAGE_SIZES } from './table-config';

/**
 * Spec §2 /cartypes (admin): the car type table with add, edit and delete; row actions open the
 * parcel types and options (delivery mode) and the cancellation slab (all modes) in dialogs.
 * Export is always on (spec §6). The table re-reads when the catalog changes anywhere.
 */
export default function CarTypesPage() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const { notify } = useNotifications();
  const load = useCallback((signal: AbortSignal) => api.fetchCarTypes({}, { signal }), [api]);

  const locale = i18n.resolvedLanguage ?? i18n.language;
  const delivery = settings.appMode === 'delivery';
  const columns = useMemo(() => carTypeColumns(t, settings, locale), [t, settings, locale]);

  const [formOpen, setFormOpen] = useState<'add' | 'edit' | null>(null);
  const [subTable, setSubTable] = useState<SubTable | null>(null);

  const table = useTablePage({
    load,
    rows: itemsOf,
    // The table re-reads when the catalog changes anywhere.
    topic: 'catalog',
    trackBy: 'id',
    columns,
    filtering: { placeholder: t('find_car_types'), fields: ['name', 'extra_info'], empty: <EmptyState title={t('no_cars')} /> },
    sorting: { columnId: 'name' },
    selection: { keepSelection: true },
    preferences: {
      storageKey: 'cartypes.preferences.v2',
      pageSizes: PAGE_SIZES,
      pageSize: 10,
      columns: { hidden: HIDDEN_BY_DEFAULT, alwaysVisible: ['name'] },
    },
    // Always on for car types (spec §6).
    csv: { fileName: 'car-types', columns: csvColumns(t, settings) },
  });
  const { reload, selected } = table;
  const { actions } = table.collection;

  const afterSave = (saved: CarType, messageKey: string) => {
    notify({ id: 'cartypes', type: 'success', messageKey });
    actions.setSelectedItems([saved]);
    reload();
  };

  const afterFailure = (e: unknown) => {
    // A stale version: show the newest data so the admin can redo the change on it.
    if (isApiError(e) && e.code === 'conflict') reload();
  };

  const deletion = useDeleteConfirmation(
    selected,
    async (carType) => {
      await api.deleteCarType({ params: { id: carType.id }, query: { version: carType.version } });
      actions.setSelectedItems([]);
      notify({ id: 'cartypes', type: 'success', messageKey: 'car_type_deleted' });
      reload();
    },
    afterFailure,
  );

  const rowActions: ButtonDropdownProps.Item[] = [
    { id: 'edit', text: t('edit') },
    ...(delivery
      ? [
          { id: 'parcelTypes', text: t('col_parcel_types') },
          { id: 'options', text: t('col_options') },
        ]
      : []),
    { id: 'cancelSlab', text: t('col_cancel_slab') },
    { id: 'delete', text: t('delete') },
  ];

  return (
    <SpaceBetween size="m">
      <DemoModeNotice />
      {table.loadError}
      <Table
        {...table.tableProps}
        ariaLabels={{
          selectionGroupLabel: t('select_car_type'),
          itemSelectionLabel: (_, item) => item.name,
          allItemsSelectionLabel: () => t('select_car_type'),
        }}
        header={
          <TableHeader
            title={t('car_types_title')}
            description={t(delivery ? 'car_types_description' : 'car_types_description_taxi')}
            count={table.count}
            actions={
              <>
                {table.exportButton}
                <ButtonDropdown
                  disabled={!selected}
                  items={rowActions}
                  onItemClick={({ detail }) => {
                    if (detail.id === 'edit') setFormOpen('edit');
                    else if (detail.id === 'delete') deletion.open();
                    else setSubTable(detail.id as SubTable);
                  }}
                  data-testid="cartype-actions"
                >
                  {t('actions')}
                </ButtonDropdown>
                <Button variant="primary" onClick={() => setFormOpen('add')} data-testid="add-car-type">
                  {t('add_car_type')}
                </Button>
              </>
            }
          />
        }
      />
      <CarTypeFormModal
        visible={formOpen !== null}
        carType={formOpen === 'edit' ? selected : undefined}
        onDismiss={() => setFormOpen(null)}
        onSaved={(saved, mode) => {
          setFormOpen(null);
          afterSave(saved, mode === 'add' ? 'car_type_added' : 'car_type_updated');
        }}
      />
      <SubTableModal
        kind={subTable}
        carType={selected}
        onDismiss={() => setSubTable(null)}
        onSaved={(saved) => {
          setSubTable(null);
          afterSave(saved, 'car_type_updated');
        }}
      />
      <ConfirmDeleteModal
        visible={deletion.visible}
        busy={deletion.busy}
        onDismiss={deletion.close}
        onConfirm={() => void deletion.confirm()}
        header={t('delete_car_type')}
        text={t('delete_car_type_text', { name: selected?.name ?? '' })}
        confirmTestId="delete-car-type-confirm"
      >
        <ProblemAlert problem={deletion.problem} testId="delete-car-type-error" />
      </ConfirmDeleteModal>
    </SpaceBetween>
  );
}

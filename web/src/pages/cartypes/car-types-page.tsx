import { useCollection } from '@cloudscape-design/collection-hooks';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown, { type ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import CollectionPreferences from '@cloudscape-design/components/collection-preferences';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CarType } from '../../../../shared/src/contract';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { useNotifications } from '../../app/notifications-context';
import { useSettings } from '../../app/settings-context';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { downloadCsv, toCsv } from '../../components/csv';
import { DemoModeNotice } from '../../components/demo-mode-notice';
import { EmptyState, NoMatchState } from '../../components/empty-state';
import { ExportCsvButton } from '../../components/export-csv-button';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { ProblemAlert } from '../../components/problem-alert';
import { TableHeader } from '../../components/table-header';
import { TableTextFilter } from '../../components/table-text-filter';
import { useApiQuery } from '../../components/use-api-query';
import { useDeleteConfirmation } from '../../components/use-delete-confirmation';
import { useLocalStorage } from '../../components/use-local-storage';
import { useTopic } from '../../live/use-topic';
import { CarTypeFormModal } from './car-type-form-modal';
import { SubTableModal, type SubTable } from './sub-table-modal';
import {
  carTypeColumns,
  contentDisplayOptions,
  csvColumns,
  DEFAULT_PREFERENCES,
  PAGE_SIZES,
  type CarTypePreferences,
} from './table-config';

const NO_ITEMS: CarType[] = [];

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
  const { data, error, loading, reload } = useApiQuery(load);
  useTopic('catalog', reload);
  const [preferences, setPreferences] = useLocalStorage<CarTypePreferences>('cartypes.preferences.v2', DEFAULT_PREFERENCES);

  const locale = i18n.resolvedLanguage ?? i18n.language;
  const delivery = settings.appMode === 'delivery';
  const columns = useMemo(() => carTypeColumns(t, settings, locale), [t, settings, locale]);

  const [formOpen, setFormOpen] = useState<'add' | 'edit' | null>(null);
  const [subTable, setSubTable] = useState<SubTable | null>(null);

  const { items, allPageItems, actions, filteredItemsCount, collectionProps, filterProps, paginationProps } = useCollection(
    data?.items ?? NO_ITEMS,
    {
      filtering: {
        fields: ['name', 'extra_info'],
        empty: <EmptyState title={t('no_cars')} />,
        noMatch: <NoMatchState onClear={() => actions.setFiltering('')} />,
      },
      pagination: { pageSize: preferences.pageSize },
      sorting: { defaultState: { sortingColumn: columns.find((c) => c.id === 'name') ?? {} } },
      selection: { trackBy: 'id', keepSelection: true },
    },
  );
  // The selection keeps the row object it was made with; the current one has the newest version.
  const selectedId = collectionProps.selectedItems?.[0]?.id;
  const selected = data?.items.find((c) => c.id === selectedId);

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

  const exportCsv = () => {
    const date = new Date().toISOString().slice(0, 10);
    downloadCsv(`car-types-${date}.csv`, toCsv(csvColumns(t, settings), allPageItems));
  };

  return (
    <SpaceBetween size="m">
      <DemoModeNotice />
      <LoadErrorAlert error={error} onRetry={reload} />
      <Table
        {...collectionProps}
        selectionType="single"
        variant="full-page"
        stickyHeader
        items={items}
        columnDefinitions={columns}
        columnDisplay={preferences.contentDisplay}
        trackBy="id"
        loading={loading && !data}
        loadingText={t('loading')}
        ariaLabels={{
          selectionGroupLabel: t('select_car_type'),
          itemSelectionLabel: (_, item) => item.name,
          allItemsSelectionLabel: () => t('select_car_type'),
        }}
        header={
          <TableHeader
            title={t('car_types_title')}
            description={t(delivery ? 'car_types_description' : 'car_types_description_taxi')}
            count={data?.items.length}
            actions={
              <>
                <ExportCsvButton onClick={exportCsv} disabled={!data?.items.length} />
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
        filter={<TableTextFilter filterProps={filterProps} placeholder={t('find_car_types')} filteredItemsCount={filteredItemsCount} />}
        pagination={<Pagination {...paginationProps} />}
        preferences={
          <CollectionPreferences
            title={t('preferences')}
            confirmLabel={t('confirm')}
            cancelLabel={t('cancel')}
            preferences={preferences}
            onConfirm={({ detail }) =>
              setPreferences({
                pageSize: detail.pageSize ?? preferences.pageSize,
                contentDisplay: detail.contentDisplay ?? preferences.contentDisplay,
              })
            }
            pageSizePreference={{
              title: t('page_size'),
              options: PAGE_SIZES.map((value) => ({ value, label: t('rows_per_page', { count: value }) })),
            }}
            contentDisplayPreference={{
              title: t('column_preferences'),
              description: t('column_preferences_description'),
              options: contentDisplayOptions(columns),
            }}
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

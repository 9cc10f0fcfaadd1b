import { useCollection } from '@cloudscape-design/collection-hooks';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown, { type ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import CollectionPreferences from '@cloudscape-design/components/collection-preferences';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CarType } from '../../../../shared/src/contract';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { useNotifications } from '../../app/notifications-context';
import { useSettings } from '../../app/settings-context';
import { downloadCsv, toCsv } from '../../components/csv';
import { EmptyState } from '../../components/empty-state';
import { errorText } from '../../components/error-text';
import { useApiQuery } from '../../components/use-api-query';
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
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteProblem, setDeleteProblem] = useState<{ key: string; fallback: string } | null>(null);

  const { items, allPageItems, actions, filteredItemsCount, collectionProps, filterProps, paginationProps } = useCollection(
    data?.items ?? NO_ITEMS,
    {
      filtering: {
        fields: ['name', 'extra_info'],
        empty: <EmptyState title={t('no_cars')} />,
        noMatch: (
          <EmptyState
            title={t('no_matches')}
            subtitle={t('no_matches_description')}
            action={<Button onClick={() => actions.setFiltering('')}>{t('clear_filter')}</Button>}
          />
        ),
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

  const confirmDelete = async () => {
    if (!selected) return;
    setDeleting(true);
    setDeleteProblem(null);
    try {
      await api.deleteCarType({ params: { id: selected.id }, query: { version: selected.version } });
      setDeleteOpen(false);
      actions.setSelectedItems([]);
      notify({ id: 'cartypes', type: 'success', messageKey: 'car_type_deleted' });
      reload();
    } catch (e) {
      // Demo mode: the server refuses with demo_mode and the dialog shows the demo alert.
      setDeleteProblem({ key: isApiError(e) ? e.code : 'request_failed', fallback: errorText(t, e) });
      afterFailure(e);
    } finally {
      setDeleting(false);
    }
  };

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
      {!settings.AllowCriticalEditsAdmin ? (
        <Alert type="warning" data-testid="demo-mode-notice">
          {t('demo_mode_notice')}
        </Alert>
      ) : null}
      {error ? (
        <Alert type="error" header={t('load_failed')} action={<Button onClick={reload}>{t('retry')}</Button>}>
          {errorText(t, error)}
        </Alert>
      ) : null}
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
          <Header
            variant="awsui-h1-sticky"
            counter={data ? `(${data.items.length})` : undefined}
            description={t(delivery ? 'car_types_description' : 'car_types_description_taxi')}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button iconName="download" onClick={exportCsv} disabled={!data?.items.length} data-testid="export-csv">
                  {t('export_csv')}
                </Button>
                <ButtonDropdown
                  disabled={!selected}
                  items={rowActions}
                  onItemClick={({ detail }) => {
                    if (detail.id === 'edit') setFormOpen('edit');
                    else if (detail.id === 'delete') {
                      setDeleteProblem(null);
                      setDeleteOpen(true);
                    } else setSubTable(detail.id as SubTable);
                  }}
                  data-testid="cartype-actions"
                >
                  {t('actions')}
                </ButtonDropdown>
                <Button variant="primary" onClick={() => setFormOpen('add')} data-testid="add-car-type">
                  {t('add_car_type')}
                </Button>
              </SpaceBetween>
            }
          >
            {t('car_types_title')}
          </Header>
        }
        filter={
          <TextFilter
            {...filterProps}
            filteringPlaceholder={t('find_car_types')}
            filteringAriaLabel={t('find_car_types')}
            countText={t('filter_matches', { count: filteredItemsCount ?? 0 })}
          />
        }
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
      <Modal
        visible={deleteOpen}
        onDismiss={() => setDeleteOpen(false)}
        header={t('delete_car_type')}
        closeAriaLabel={t('close')}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setDeleteOpen(false)} disabled={deleting}>
                {t('cancel')}
              </Button>
              <Button variant="primary" onClick={() => void confirmDelete()} loading={deleting} data-testid="delete-car-type-confirm">
                {t('delete')}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <SpaceBetween size="m">
          <Box variant="p">{t('delete_car_type_text', { name: selected?.name ?? '' })}</Box>
          {deleteProblem ? (
            <Alert type={deleteProblem.key === 'demo_mode' ? 'warning' : 'error'} data-testid="delete-car-type-error">
              {t(deleteProblem.key, { defaultValue: deleteProblem.fallback })}
            </Alert>
          ) : null}
        </SpaceBetween>
      </Modal>
    </SpaceBetween>
  );
}

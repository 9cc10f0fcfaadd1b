import { useCollection } from '@cloudscape-design/collection-hooks';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import CollectionPreferences from '@cloudscape-design/components/collection-preferences';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '../../../../shared/src/contract';
import { useApi } from '../../api/api-context';
import type { ApiClient } from '../../api/client';
import { isApiError } from '../../api/client';
import { useNotifications } from '../../app/notifications-context';
import { useSettings } from '../../app/settings-context';
import { useAuth } from '../../auth/auth-context';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { downloadCsv, toCsv } from '../../components/csv';
import { EmptyState, NoMatchState } from '../../components/empty-state';
import { errorText } from '../../components/error-text';
import { ExportCsvButton } from '../../components/export-csv-button';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { ProblemAlert } from '../../components/problem-alert';
import { TableHeader } from '../../components/table-header';
import { TableTextFilter } from '../../components/table-text-filter';
import { useApiQuery } from '../../components/use-api-query';
import { useDeleteConfirmation } from '../../components/use-delete-confirmation';
import { useLocalStorage } from '../../components/use-local-storage';
import {
  contentDisplayOptions,
  csvColumns,
  defaultPreferences,
  fullName,
  PAGE_SIZES,
  tableColumns,
  type ColumnContext,
  type UserPreferences,
  type UserType,
} from './table-config';
import { UserFormModal } from './user-form-modal';

const NO_USERS: UserProfile[] = [];
/** One result message at a time: each action's notice replaces the previous one. */
const NOTICE_ID = 'users-page-result';
/** A safety stop for the cursor loop; 100 pages of 100 is far beyond a page of this app. */
const MAX_PAGES = 100;

/** Every page of `fetchUsers`, following `next` cursors. */
export async function fetchAllUsers(api: ApiClient, usertype: UserType, signal?: AbortSignal): Promise<UserProfile[]> {
  const items: UserProfile[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await api.fetchUsers({ query: { usertype, limit: 100, ...(cursor ? { cursor } : {}) } }, { signal });
    items.push(...result.items);
    cursor = result.next;
    if (!cursor) break;
  }
  return items;
}

const TEXT: Record<UserType, { title: string; description: string; add: string; find: string; file: string }> = {
  rider: { title: 'riders_title', description: 'riders_description', add: 'add_rider', find: 'find_riders', file: 'riders' },
  driver: { title: 'drivers_title', description: 'drivers_description', add: 'add_driver', find: 'find_drivers', file: 'drivers' },
  fleetadmin: {
    title: 'fleet_admins_title',
    description: 'fleet_admins_description',
    add: 'add_fleet_admin',
    find: 'find_fleet_admins',
    file: 'fleet-admins',
  },
};

/**
 * Spec §2 /riders, /drivers, /fleetadmins (§5 Other, §6): a table with filter, sorting,
 * pagination and column preferences; add, edit, approve or unapprove, delete; CSV export only
 * when critical edits are allowed. A fleet admin gets only its own drivers from the server.
 */
export function UsersPage({ usertype }: { usertype: UserType }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const { role } = useAuth();
  const { notify } = useNotifications();
  const text = TEXT[usertype];
  const locale = i18n.resolvedLanguage ?? i18n.language;

  const loadUsers = useCallback((signal: AbortSignal) => fetchAllUsers(api, usertype, signal), [api, usertype]);
  const users = useApiQuery(loadUsers);
  // The admin's drivers table names each driver's fleet admin.
  const showFleet = usertype === 'driver' && role === 'admin';
  const loadFleets = useCallback(
    (signal: AbortSignal) => (showFleet ? fetchAllUsers(api, 'fleetadmin', signal) : Promise.resolve([])),
    [api, showFleet],
  );
  const fleets = useApiQuery(loadFleets);
  const loadCarTypes = useCallback(
    (signal: AbortSignal) =>
      usertype === 'driver' ? api.fetchCarTypes({}, { signal }).then((r) => r.items) : Promise.resolve([]),
    [api, usertype],
  );
  const carTypes = useApiQuery(loadCarTypes);

  const ctx = useMemo<ColumnContext>(
    () => ({
      t,
      locale,
      symbol: settings.symbol,
      bankFields: settings.bank_fields,
      fleetNames: showFleet ? new Map((fleets.data ?? []).map((f) => [f.id, fullName(f) || f.email])) : undefined,
    }),
    [t, locale, settings.symbol, settings.bank_fields, showFleet, fleets.data],
  );
  const columns = useMemo(() => tableColumns(usertype, ctx), [usertype, ctx]);
  const [preferences, setPreferences] = useLocalStorage<UserPreferences>(
    `users.${usertype}.preferences`,
    defaultPreferences(usertype, ctx),
  );

  const [formOpen, setFormOpen] = useState<'add' | 'edit' | null>(null);
  const [approving, setApproving] = useState(false);

  const searchText = useCallback(
    (u: UserProfile) =>
      [fullName(u), u.email, u.mobile, u.referralId, u.carType, u.vehicleNumber, u.vehicleMake, u.vehicleModel]
        .filter(Boolean)
        .join(' ')
        .toLowerCase(),
    [],
  );

  const { items, allPageItems, actions, filteredItemsCount, collectionProps, filterProps, paginationProps } = useCollection(
    users.data ?? NO_USERS,
    {
      filtering: {
        filteringFunction: (item, filteringText) => searchText(item).includes(filteringText.trim().toLowerCase()),
        empty: <EmptyState title={t('no_users_available')} />,
        noMatch: <NoMatchState onClear={() => actions.setFiltering('')} />,
      },
      pagination: { pageSize: preferences.pageSize },
      sorting: { defaultState: { sortingColumn: columns.find((c) => c.id === 'createdAt') ?? columns[0] ?? {}, isDescending: true } },
      selection: { trackBy: 'id', keepSelection: false },
    },
  );
  const selected = collectionProps.selectedItems?.[0];

  const reloadUsers = users.reload;
  const afterChange = useCallback(() => {
    actions.setSelectedItems([]);
    reloadUsers();
  }, [actions, reloadUsers]);

  const toggleApproval = async () => {
    if (!selected) return;
    setApproving(true);
    try {
      await api.setUserApproval({ params: { id: selected.id }, body: { approved: !selected.approved } });
      notify({ id: NOTICE_ID, type: 'success', messageKey: selected.approved ? 'user_unapproved' : 'user_approved' });
      afterChange();
    } catch (e) {
      notify({ id: NOTICE_ID, type: 'error', messageKey: isApiError(e) ? e.code : 'request_failed', fallback: errorText(t, e) });
    } finally {
      setApproving(false);
    }
  };

  const deletion = useDeleteConfirmation(selected, async (user) => {
    await api.deleteUser({ params: { id: user.id } });
    notify({ id: NOTICE_ID, type: 'success', messageKey: 'user_deleted' });
    afterChange();
  });

  /** Everything the filter lets through, in the table's sort order (not only the current page). */
  const exportCsv = () => {
    const date = new Date().toISOString().slice(0, 10);
    downloadCsv(`${text.file}-${date}.csv`, toCsv(csvColumns(usertype, ctx), allPageItems));
  };

  return (
    <SpaceBetween size="m">
      <LoadErrorAlert error={users.error} onRetry={users.reload} />
      <Table
        {...collectionProps}
        selectionType="single"
        variant="full-page"
        stickyHeader
        items={items}
        columnDefinitions={columns}
        columnDisplay={preferences.contentDisplay}
        wrapLines={preferences.wrapLines}
        stripedRows={preferences.stripedRows}
        trackBy="id"
        loading={users.loading}
        loadingText={t('loading')}
        ariaLabels={{
          selectionGroupLabel: t('select_user'),
          itemSelectionLabel: (_, item) => fullName(item) || item.email,
          allItemsSelectionLabel: () => t('select_user'),
        }}
        header={
          <TableHeader
            title={t(text.title)}
            description={t(text.description)}
            count={users.data?.length}
            actions={
              <>
                {settings.AllowCriticalEditsAdmin ? <ExportCsvButton onClick={exportCsv} disabled={!users.data?.length} /> : null}
                <ButtonDropdown
                  disabled={!selected}
                  loading={approving}
                  items={[
                    { id: 'edit', text: t('edit') },
                    { id: 'approval', text: t(selected?.approved ? 'unapprove' : 'approve') },
                    { id: 'delete', text: t('delete') },
                  ]}
                  onItemClick={({ detail }) => {
                    if (detail.id === 'edit') setFormOpen('edit');
                    if (detail.id === 'approval') void toggleApproval();
                    if (detail.id === 'delete') deletion.open();
                  }}
                  data-testid="user-actions"
                >
                  {t('actions')}
                </ButtonDropdown>
                <Button variant="primary" onClick={() => setFormOpen('add')} data-testid="add-user">
                  {t(text.add)}
                </Button>
              </>
            }
          />
        }
        filter={<TableTextFilter filterProps={filterProps} placeholder={t(text.find)} filteredItemsCount={filteredItemsCount} />}
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
                wrapLines: detail.wrapLines ?? preferences.wrapLines,
                stripedRows: detail.stripedRows ?? preferences.stripedRows,
              })
            }
            pageSizePreference={{
              title: t('page_size'),
              options: PAGE_SIZES.map((value) => ({ value, label: t('rows_per_page', { count: value }) })),
            }}
            wrapLinesPreference={{ label: t('wrap_lines'), description: t('wrap_lines_description') }}
            stripedRowsPreference={{ label: t('striped_rows'), description: t('striped_rows_description') }}
            contentDisplayPreference={{
              title: t('column_preferences'),
              description: t('column_preferences_description'),
              options: contentDisplayOptions(columns),
            }}
          />
        }
      />
      <UserFormModal
        visible={formOpen !== null}
        usertype={usertype}
        user={formOpen === 'edit' ? selected : undefined}
        carTypes={carTypes.data ?? []}
        carTypesLoading={carTypes.loading}
        onDismiss={() => setFormOpen(null)}
        onSaved={(_, mode) => {
          setFormOpen(null);
          notify({ id: NOTICE_ID, type: 'success', messageKey: mode === 'add' ? 'user_added' : 'user_updated' });
          afterChange();
        }}
      />
      <ConfirmDeleteModal
        visible={deletion.visible}
        busy={deletion.busy}
        onDismiss={deletion.close}
        onConfirm={() => void deletion.confirm()}
        header={t('delete_user_title')}
        text={t('delete_user_text', { name: selected ? fullName(selected) || selected.email : '' })}
        confirmTestId="delete-user-confirm"
      >
        <ProblemAlert problem={deletion.problem} testId="delete-user-error" />
      </ConfirmDeleteModal>
    </SpaceBetween>
  );
}

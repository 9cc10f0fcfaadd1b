import type { ReactNode } from 'react';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '../../../../shared/src/contract';
import { operatorZone } from '../../../../shared/src/domain/time-zone';
import { useApi } from '../../api/api-context';
import type { ApiClient } from '../../api/client';
import { isApiError } from '../../api/client';
import { useNotifications } from '../../app/notifications-context';
import { useSettings } from '../../app/settings-context';
import { useAuth } from '../../auth/auth-context';
import { alwaysVisibleIds, columnDefinitions, csvColumns, hiddenByDefault } from '../../components/collection/column-config';
import { asRows, useTablePage } from '../../components/collection/use-table-page';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { EmptyState } from '../../components/empty-state';
import { errorText } from '../../components/error-text';
import { ProblemAlert } from '../../components/problem-alert';
import { TableHeader } from '../../components/table-header';
import { useApiQuery } from '../../components/use-api-query';
import { useDeleteConfirmation } from '../../components/use-delete-confirmation';
import { fullName, PAGE_SIZES, userColumns, type ColumnContext, type UserType } from './table-config';
import { UserFormModal } from './user-form-modal';
import { usersTopic } from './users-topic';

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
export function UsersPage({ usertype, above }: { usertype: UserType; above?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const { role, user } = useAuth();
  const { notify } = useNotifications();
  const text = TEXT[usertype];
  const locale = i18n.resolvedLanguage ?? i18n.language;

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
      timeZone: operatorZone(settings),
      bankFields: settings.bank_fields,
      fleetNames: showFleet ? new Map((fleets.data ?? []).map((f) => [f.id, fullName(f) || f.email])) : undefined,
    }),
    [t, locale, settings, showFleet, fleets.data],
  );
  const configs = useMemo(() => userColumns(usertype, ctx), [usertype, ctx]);
  const columns = useMemo(() => columnDefinitions(configs, locale), [configs, locale]);

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

  const loadUsers = useCallback((signal: AbortSignal) => fetchAllUsers(api, usertype, signal), [api, usertype]);
  const table = useTablePage({
    load: loadUsers,
    rows: asRows,
    topic: usersTopic(usertype, role, user?.id),
    trackBy: 'id',
    columns,
    filtering: {
      placeholder: t(text.find),
      filteringFunction: (item, filteringText) => searchText(item).includes(filteringText.trim().toLowerCase()),
      empty: <EmptyState title={t('no_users_available')} />,
    },
    sorting: { columnId: 'createdAt', descending: true },
    selection: {},
    preferences: {
      storageKey: `users.${usertype}.preferences`,
      pageSizes: PAGE_SIZES,
      pageSize: 20,
      columns: { hidden: hiddenByDefault(configs), alwaysVisible: alwaysVisibleIds(configs) },
      wrapLines: false,
      stripedRows: true,
    },
    // Spec §6: contact details leave the browser only when critical edits are allowed.
    csv: settings.AllowCriticalEditsAdmin ? { fileName: text.file, columns: csvColumns(configs) } : undefined,
  });
  const selected = table.selected;

  const reloadUsers = table.reload;
  const clearSelection = table.clearSelection;
  const afterChange = useCallback(() => {
    clearSelection();
    reloadUsers();
  }, [clearSelection, reloadUsers]);

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

  return (
    <SpaceBetween size="m">
      {above}
      {table.loadError}
      <Table
        {...table.tableProps}
        ariaLabels={{
          selectionGroupLabel: t('select_user'),
          itemSelectionLabel: (_, item) => fullName(item) || item.email,
          allItemsSelectionLabel: () => t('select_user'),
        }}
        header={
          <TableHeader
            title={t(text.title)}
            description={t(text.description)}
            count={table.count}
            actions={
              <>
                {table.exportButton}
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

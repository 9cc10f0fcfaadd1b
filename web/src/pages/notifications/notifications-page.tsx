import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '../../../../shared/src/contract/notifications';
import { operatorZone } from '../../../../shared/src/domain/time-zone';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { useNotifications } from '../../app/notifications-context';
import { useSettings } from '../../app/settings-context';
import { itemsOf, useTablePage } from '../../components/collection/use-table-page';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { EmptyState } from '../../components/empty-state';
import { ProblemAlert } from '../../components/problem-alert';
import { TableHeader } from '../../components/table-header';
import { useDeleteConfirmation } from '../../components/use-delete-confirmation';
import { NotificationFormModal } from './notification-form-modal';

/** How far a send has come, as the server counts it (devices tried of those matching when it started). */
function SendProgress({ n }: { n: Notification }) {
  const { t } = useTranslation();
  const done = n.sent + n.failed;
  const text = t(n.failed ? 'notification_progress_failed' : 'notification_progress', { sent: n.sent, total: n.total, failed: n.failed });
  if (n.status === 'sending') {
    return <ProgressBar value={n.total ? Math.round((done / n.total) * 100) : 0} additionalInfo={text} ariaLabel={t('col_send_status')} data-testid="notification-progress" />;
  }
  if (n.status === 'sent') {
    return <StatusIndicator type={n.failed ? 'warning' : 'success'}>{`${t('notification_status_sent')}: ${text}`}</StatusIndicator>;
  }
  return <StatusIndicator type="stopped">{t('notification_status_draft')}</StatusIndicator>;
}

/**
 * Spec §2 /notifications (admin): the push notifications (§3: user type, device type, title,
 * message) with add, edit, delete and send. Sending goes to the devices of the chosen types only
 * (§5; none is `no_user_match`), in batches on the server; each row shows its progress live, as
 * batches move the item (the `catalog` topic).
 */
export default function NotificationsPage() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { notify } = useNotifications();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const load = useCallback((signal: AbortSignal) => api.fetchNotifications(undefined, { signal }), [api]);
  const [formOpen, setFormOpen] = useState<'add' | 'edit' | null>(null);
  // Sent and created times on the operator's clock, as every other date in the back office.
  const { settings } = useSettings();
  const timeZone = operatorZone(settings);
  const when = useCallback((iso?: string) => (iso ? new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }) : '—'), [locale, timeZone]);

  const columns = useMemo<TableProps.ColumnDefinition<Notification>[]>(() => [
    { id: 'title', header: t('col_notification_title'), cell: (n) => n.title, sortingField: 'title', isRowHeader: true },
    { id: 'body', header: t('col_notification_body'), cell: (n) => n.body, maxWidth: 360 },
    { id: 'usertype', header: t('col_usertype'), cell: (n) => t(`usertype_${n.usertype}`), sortingField: 'usertype' },
    { id: 'devicetype', header: t('col_devicetype'), cell: (n) => t(`devicetype_${n.devicetype}`), sortingField: 'devicetype' },
    { id: 'status', header: t('col_send_status'), cell: (n) => <SendProgress n={n} />, minWidth: 220 },
    { id: 'lastSentAt', header: t('col_last_sent'), cell: (n) => when(n.lastSentAt), sortingField: 'lastSentAt' },
    { id: 'createdAt', header: t('created_at'), cell: (n) => when(n.createdAt), sortingField: 'createdAt' },
  ], [t, when]);

  const table = useTablePage({
    load,
    rows: itemsOf,
    topic: 'catalog',
    trackBy: 'id',
    columns,
    filtering: {
      placeholder: t('find_notifications'),
      fields: ['title', 'body', 'usertype', 'devicetype'],
      empty: <EmptyState title={t('no_notifications_available')} />,
    },
    selection: { keepSelection: true },
    sorting: { columnId: 'createdAt', descending: true },
    pageSize: 10,
  });
  const { reload, selected } = table;
  const { actions } = table.collection;

  const deletion = useDeleteConfirmation(
    selected,
    async (n) => {
      await api.deleteNotification({ params: { id: n.id }, query: { version: n.version } });
      actions.setSelectedItems([]);
      notify({ id: 'notifications', type: 'success', messageKey: 'notification_deleted' });
      reload();
    },
    (e) => {
      if (isApiError(e) && e.code === 'conflict') reload();
    },
  );
  const sending = useDeleteConfirmation(selected, async (n) => {
    const started = await api.broadcastNotification({ params: { id: n.id }, body: {} });
    actions.setSelectedItems([started]);
    notify({ id: 'notifications', type: 'success', messageKey: 'notification_send_started' });
    reload();
  });

  return (
    <SpaceBetween size="m">
      {table.loadError}
      <Table
        {...table.tableProps}
        wrapLines
        ariaLabels={{
          selectionGroupLabel: t('select_notification'),
          itemSelectionLabel: (_, item) => item.title,
          allItemsSelectionLabel: () => t('select_notification'),
        }}
        header={
          <TableHeader
            title={t('notifications_title')}
            description={t('notifications_description')}
            count={table.count}
            actions={
              <>
                <ButtonDropdown
                  disabled={!selected}
                  items={[
                    { id: 'edit', text: t('edit'), disabled: selected?.status === 'sending' },
                    { id: 'delete', text: t('delete') },
                  ]}
                  onItemClick={({ detail }) => {
                    if (detail.id === 'edit') setFormOpen('edit');
                    else deletion.open();
                  }}
                  data-testid="notification-actions"
                >
                  {t('actions')}
                </ButtonDropdown>
                <Button disabled={!selected || selected.status === 'sending'} onClick={sending.open} iconName="send" data-testid="send-notification">
                  {t('send_notification')}
                </Button>
                <Button variant="primary" onClick={() => setFormOpen('add')} data-testid="add-notification">
                  {t('add_notification')}
                </Button>
              </>
            }
          />
        }
        data-testid="notifications-table"
      />
      <NotificationFormModal
        visible={formOpen !== null}
        notification={formOpen === 'edit' ? selected : undefined}
        onDismiss={() => setFormOpen(null)}
        onSaved={(saved, mode) => {
          setFormOpen(null);
          actions.setSelectedItems([saved]);
          notify({ id: 'notifications', type: 'success', messageKey: mode === 'add' ? 'notification_added' : 'notification_updated' });
          reload();
        }}
      />
      <ConfirmDeleteModal
        visible={sending.visible}
        busy={sending.busy}
        onDismiss={sending.close}
        onConfirm={() => void sending.confirm()}
        header={selected ? t('send_notification_named', { title: selected.title }) : t('send_notification_title')}
        text={selected ? t('send_notification_sentence', { audience: t(`audience_${selected.usertype}_${selected.devicetype}`, {
          // A platform added later without its own phrase still reads: "riders (Web)".
          defaultValue: `${t(`usertype_${selected.usertype}`).toLowerCase()} (${t(`devicetype_${selected.devicetype}`, { defaultValue: selected.devicetype })})`,
        }) }) : ''}
        confirmLabel={t('send_notification')}
        confirmTestId="send-notification-confirm"
      >
        <ProblemAlert problem={sending.problem} testId="send-notification-error" />
      </ConfirmDeleteModal>
      <ConfirmDeleteModal
        visible={deletion.visible}
        busy={deletion.busy}
        onDismiss={deletion.close}
        onConfirm={() => void deletion.confirm()}
        header={t('delete_notification')}
        text={t('delete_notification_text', { title: selected?.title ?? '' })}
        confirmTestId="delete-notification-confirm"
      >
        <ProblemAlert problem={deletion.problem} testId="delete-notification-error" />
      </ConfirmDeleteModal>
    </SpaceBetween>
  );
}

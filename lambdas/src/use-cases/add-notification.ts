import { randomUUID } from 'node:crypto';
import type { Notification, NotificationFields } from '../../../shared/src/contract/notifications';
import type { NotificationStore } from '../ports/notifications';

/** Spec editNotifications Add: a draft; broadcastNotification sends it. */
export async function addNotification(deps: { notifications: NotificationStore; now: () => Date }, fields: NotificationFields): Promise<Notification> {
  const n: Notification = {
    ...fields, id: randomUUID(), createdAt: deps.now().toISOString(), version: 1, status: 'draft', total: 0, sent: 0, failed: 0,
  };
  await deps.notifications.create(n);
  return n;
}

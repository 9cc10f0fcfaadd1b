import type { NotificationStore } from '../ports/notifications';

/** Spec editNotifications Delete. A send in progress stops: its next batch finds no notification. */
export async function deleteNotification(deps: { notifications: NotificationStore }, id: string, expectedVersion?: number): Promise<{ deleted: true }> {
  await deps.notifications.remove(id, expectedVersion);
  return { deleted: true };
}

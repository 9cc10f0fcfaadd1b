import { Notification, type NotificationFields } from '../../../shared/src/contract/notifications';
import { conflict, notFound } from '../../../shared/src/domain/errors';
import type { NotificationStore } from '../ports/notifications';

/**
 * Spec editNotifications Update: version-checked; the send state is the server's. A send in
 * progress keeps the title and body it started with.
 */
export async function updateNotification(
  deps: { notifications: NotificationStore }, id: string, input: { version: number; notification: NotificationFields },
): Promise<Notification> {
  const current = await deps.notifications.get(id, { consistent: true });
  if (!current) throw notFound();
  if (current.version !== input.version) throw conflict();
  const next = Notification.parse({ ...current, ...input.notification, version: current.version + 1 });
  await deps.notifications.replace(current, next);
  return next;
}

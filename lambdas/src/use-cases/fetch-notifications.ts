import type { Notification } from '../../../shared/src/contract/notifications';
import type { NotificationStore } from '../ports/notifications';

export async function fetchNotifications(deps: { notifications: NotificationStore }): Promise<{ items: Notification[] }> {
  return { items: await deps.notifications.list() };
}

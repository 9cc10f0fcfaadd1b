import { randomUUID } from 'node:crypto';
import { Notification } from '../../../shared/src/contract/notifications';
import { audiencePartitions, BROADCAST_STALE_MS } from '../../../shared/src/domain/push-audience';
import { conflict, DomainError, notFound } from '../../../shared/src/domain/errors';
import type { JobQueue } from '../ports/jobs';
import type { NotificationStore } from '../ports/notifications';
import type { DeviceStore } from '../ports/push';

export interface BroadcastDeps {
  notifications: NotificationStore;
  devices: Pick<DeviceStore, 'count'>;
  jobs: () => JobQueue;
  now: () => Date;
}

/**
 * Spec §5 Broadcast notification: the devices of the notification's user type (or All) and device
 * type (or All) are counted from their index partitions (never by listing users); none is 409
 * `no_user_match` and writes nothing. Otherwise the send starts (status `sending`, `total`) and its
 * first batch goes on the job queue; each batch records its progress on the notification.
 */
export async function broadcastNotification(deps: BroadcastDeps, id: string): Promise<Notification> {
  const current = await deps.notifications.get(id, { consistent: true });
  if (!current) throw notFound();
  const now = deps.now();
  if (current.status === 'sending' && current.lastSentAt && Date.parse(current.lastSentAt) > now.getTime() - BROADCAST_STALE_MS) {
    throw conflict('notification_sending');
  }
  const partitions = audiencePartitions(current.usertype, current.devicetype);
  const counts = await Promise.all(partitions.map((p) => deps.devices.count(p.usertype, p.platform)));
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) throw new DomainError('no_user_match', 409);
  const sendId = randomUUID();
  let started;
  try {
    started = await deps.notifications.startSend(current, {
      state: {
        sendId, batch: 0, partition: 0, audience: partitions.map((p) => `${p.usertype}#${p.platform}`).join(','),
        sendTitle: current.title, sendBody: current.body,
      },
      total, at: now.toISOString(), staleBefore: new Date(now.getTime() - BROADCAST_STALE_MS).toISOString(),
    });
  } catch (e) {
    // Changed or started by someone else since it was read.
    if (e instanceof DomainError && e.status === 409) throw conflict('notification_sending');
    throw e;
  }
  await deps.jobs().schedule({ kind: 'broadcast', notificationId: id, sendId, batch: 0 }, now.getTime());
  await deps.notifications.markScheduled(id, sendId, 0);
  return Notification.parse(started);
}

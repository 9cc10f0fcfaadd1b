import { BROADCAST_BATCH_SIZE, nextPosition, type AudiencePartition } from '../../../shared/src/domain/push-audience';
import type { Job, JobQueue } from '../ports/jobs';
import type { NotificationStore } from '../ports/notifications';
import type { DeviceStore } from '../ports/push';
import { pushToDevices, PushRetryNeeded, type PushDeps } from './push-to-devices';

export interface BroadcastBatchDeps extends PushDeps {
  notifications: NotificationStore;
  devices: Pick<DeviceStore, 'page' | 'remove'>;
  jobs: () => JobQueue;
  now: () => Date;
}

type BroadcastJob = Extract<Job, { kind: 'broadcast' }>;

/**
 * One batch of a broadcast, exactly once however often its job runs: each device's push is
 * claimed (`BROADCAST#<sendId>`), and the batch's progress is one write conditioned on the send
 * and batch number still being current, so one run records it; a claim settled by an earlier
 * attempt still counts, so the counts are exact. Then the next batch is put on the queue.
 */
export async function runBroadcastBatch(deps: BroadcastBatchDeps, job: BroadcastJob): Promise<string> {
  const n = await deps.notifications.get(job.notificationId, { consistent: true });
  if (!n || n.sendId !== job.sendId || n.status !== 'sending' || !n.audience || n.batch === undefined) return 'stale';
  if (n.batch > job.batch) {
    // This batch was recorded; if the run that recorded it died before queueing the next, queue it.
    if (n.batch === job.batch + 1 && (n.scheduledBatch ?? -1) < n.batch) await scheduleNext(deps, job, n.batch);
    return 'done-before';
  }
  if (n.batch < job.batch) return 'early';

  const partitions = n.audience.split(',').map((p) => { const [usertype, platform] = p.split('#'); return { usertype, platform } as AudiencePartition; });
  const partition = partitions[n.partition ?? 0];
  if (!partition) return 'stale';
  const page = await deps.devices.page(partition.usertype, partition.platform, { cursor: n.cursor, limit: BROADCAST_BATCH_SIZE });
  const tally = await pushToDevices(deps, `BROADCAST#${n.sendId}`, page.items, {
    title: n.sendTitle ?? n.title, body: n.sendBody ?? n.body, data: { kind: 'broadcast', notificationId: n.id },
  });
  // Another run is pushing part of this batch: its outcome decides the counts; try again later.
  if (tally.busy) throw new PushRetryNeeded(tally, []);
  const next = nextPosition(n.partition ?? 0, page.next, partitions.length);
  const recorded = await deps.notifications.advance(n.id, { sendId: job.sendId, batch: job.batch }, {
    sent: tally.sent, failed: tally.failed, next, at: deps.now().toISOString(),
  });
  if (!recorded) return 'raced';
  if (next) await scheduleNext(deps, job, job.batch + 1);
  return next ? 'batch-sent' : 'complete';
}

async function scheduleNext(deps: BroadcastBatchDeps, job: BroadcastJob, batch: number): Promise<void> {
  await deps.jobs().schedule({ ...job, batch }, deps.now().getTime());
  await deps.notifications.markScheduled(job.notificationId, job.sendId, batch);
}

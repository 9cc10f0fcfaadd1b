import { bookings, claims, demand, devices, jobs, notifications, now, presence, push, settings } from '../composition-root';
import { logger } from '../observability/logger';
import type { Job } from '../ports/jobs';
import { pushNotifier } from '../adapters/notifier/push-notifier';
import { runPushRetry } from '../use-cases/retry-failed-pushes';
import { runBroadcastBatch } from '../use-cases/run-broadcast-batch';
import { giveUpBooking, runDispatchRound } from '../use-cases/run-dispatch-round';

const deps = { bookings, claims, demand, devices, jobs, notifications, now, presence, push, settings };

/** Runs one timer job. Every job is idempotent, so a second delivery is harmless. */
export async function runJob(job: Job): Promise<string> {
  const outcome = job.kind === 'dispatch'
    ? await runDispatchRound(deps, job.bookingId, job.round)
    : job.kind === 'broadcast'
      ? await runBroadcastBatch(deps, job)
      : job.kind === 'push'
        ? await runPushRetry({ jobs, now, notifier: pushNotifier({ claims, devices, push }) }, job.message, job.attempt)
        : await giveUpBooking(deps, job.bookingId);
  logger.debug('job ran', { job, outcome });
  return outcome;
}

export function isJob(value: unknown): value is Job {
  const j = value as Record<string, unknown> | null;
  if (!j || typeof j !== 'object') return false;
  if (j.kind === 'broadcast') return typeof j.notificationId === 'string' && typeof j.sendId === 'string' && Number.isInteger(j.batch);
  if (j.kind === 'push') return Number.isInteger(j.attempt) && isDeferredPush(j.message);
  if (typeof j.bookingId !== 'string') return false;
  if (j.kind === 'give-up') return true;
  return j.kind === 'dispatch' && Number.isInteger((j as { round?: unknown }).round);
}

function isDeferredPush(value: unknown): boolean {
  const m = value as Record<string, unknown> | null;
  return !!m && typeof m === 'object' && typeof m.id === 'string' && typeof m.at === 'number' && typeof m.to === 'string'
    && typeof m.kind === 'string' && typeof m.title === 'string' && typeof m.body === 'string';
}

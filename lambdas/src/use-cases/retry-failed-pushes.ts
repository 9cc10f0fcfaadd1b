import { logger } from '../observability/logger';
import type { DeferredPush, JobQueue } from '../ports/jobs';
import type { Notifier } from '../ports/notifier';
import { PushRetryNeeded } from './push-to-devices';

/** How often a message's failed pushes are tried again, and how long after the failure each try is. */
export const PUSH_RETRY_DELAYS_MS = [5_000, 15_000, 60_000, 300_000] as const;

export interface RetryPushDeps {
  jobs: () => JobQueue;
  now: () => Date;
}

/**
 * The Notifier as the stream's fan-out uses it: pushes that fail (a push service down, a device's
 * endpoint refusing) are tried again by a job on the jobs queue, not by failing the stream record.
 * A failed record holds up every record behind it on its shard (Lambda retries it in order), so
 * one user's unreachable push service would delay everyone's live events and pushes; the job
 * retries that message alone, with backoff. The claims per message and device keep it exactly
 * once: the retry pushes only the devices that failed. Any other failure (the table) still fails
 * the record, which the stream retries.
 */
export function retryingLater(deps: RetryPushDeps, notifier: Notifier): Notifier {
  return {
    async deliver(message) {
      try {
        await notifier.deliver(message);
      } catch (e) {
        if (!(e instanceof PushRetryNeeded)) throw e;
        await scheduleRetry(deps, message, 1, e);
      }
    },
  };
}

/**
 * A push retry job: the message's pushes again; a failure is tried again later until the tries
 * run out, and then logged as given up (the message stays in the inbox; only the push is lost).
 */
export async function runPushRetry(deps: RetryPushDeps & { notifier: Notifier }, message: DeferredPush, attempt: number): Promise<string> {
  try {
    await deps.notifier.deliver(message);
    return 'pushed';
  } catch (e) {
    if (!(e instanceof PushRetryNeeded)) throw e;
    if (attempt >= PUSH_RETRY_DELAYS_MS.length) {
      logger.error('push given up after its retries', { delivery: message.delivery ?? `MSG#${message.id}`, to: message.to, attempts: attempt, error: e });
      return 'given up';
    }
    await scheduleRetry(deps, message, attempt + 1, e);
    return 'retry scheduled';
  }
}

async function scheduleRetry(deps: RetryPushDeps, message: DeferredPush, attempt: number, error: PushRetryNeeded): Promise<void> {
  const delay = PUSH_RETRY_DELAYS_MS[attempt - 1]!;
  await deps.jobs().schedule({ kind: 'push', message, attempt }, deps.now().getTime() + delay);
  logger.warn('push failures deferred to a retry job', { delivery: message.delivery ?? `MSG#${message.id}`, attempt, inSeconds: delay / 1000, failures: error.errors.length });
}

import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../lambdas/src/adapters/dynamodb/client';
import { keys } from '../../lambdas/src/adapters/dynamodb/keys';
import { table } from '../../lambdas/src/adapters/dynamodb/repository';
import { correlationIdOfItem, withCorrelationId } from '../../lambdas/src/observability/correlation';
import type { Job } from '../../lambdas/src/ports/jobs';

interface JobItem { pk: string; sk: string; id: string; runAt: number; job: Job; attempts?: number }

const MAX_ATTEMPTS = 5;
const BATCH = 50;
/**
 * How long an idle runner sleeps at most. It wakes sooner when the next job falls due, and at once
 * when nudged (the local gateway nudges it after every call, which is when jobs get scheduled), so
 * a quiet platform reads the table once a second instead of five times.
 */
const MAX_IDLE_MS = 1000;
const MIN_GAP_MS = 200;

/**
 * Plays SQS and EventBridge Scheduler for the local cloud: due jobs are table items (written by
 * the table job queue), so a restart loses none; this loop claims each with a conditional delete
 * (exactly one runner runs it) and runs the same job code the AWS queue consumer runs. A failed
 * job comes back with a growing delay, as SQS would redeliver it, and is dropped after 5 tries.
 */
export function startJobRunner(opts: { run: (job: Job) => Promise<unknown>; onError?: (e: unknown) => void; intervalMs?: number }) {
  let stopped = false;
  let wake: (() => void) | undefined;
  let nudged = false;
  let nextDueAt: number | undefined;

  async function tick(): Promise<number> {
    // One read tells both what is due and when the next job is: the partition is ordered by due time.
    const now = Date.now();
    const out = await (await documentClient()).send(new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.jobsPk },
      ConsistentRead: true,
      Limit: BATCH,
    }));
    const items = (out.Items ?? []) as JobItem[];
    const due = items.filter((item) => item.sk <= keys.job(now, '~').sk);
    nextDueAt = items.length > due.length ? items[due.length]!.runAt : undefined;
    await Promise.all(due.map(async (item) => {
      try {
        await table.delete({ pk: item.pk, sk: item.sk }, { condition: 'attribute_exists(pk)' });
      } catch {
        return; // another runner claimed it
      }
      // As the queue consumer in AWS, the job runs under the id of the request that scheduled it:
      // the table queue's item carries it like any item a request writes; else the job's own id.
      await withCorrelationId(correlationIdOfItem(item as unknown as Record<string, unknown>, item.id), async () => {
        try {
          await opts.run(item.job);
        } catch (e) {
          opts.onError?.(e);
          const attempts = (item.attempts ?? 0) + 1;
          if (attempts < MAX_ATTEMPTS) {
            const runAt = Date.now() + 1000 * 2 ** attempts;
            await table.put({ ...keys.job(runAt, item.id), id: item.id, runAt, job: item.job, attempts });
          }
        }
      });
    }));
    return due.length;
  }

  const loop = (async () => {
    while (!stopped) {
      const tickAt = Date.now();
      let busy = 0;
      try {
        busy = await tick();
      } catch (e) {
        if (!stopped) opts.onError?.(e);
      }
      if (busy >= BATCH) continue;
      // Jobs that ran may have scheduled others (a dispatch round schedules the next): look again soon.
      if (busy === 0 && !nudged) {
        const maxIdle = opts.intervalMs ?? MAX_IDLE_MS;
        const wait = nextDueAt === undefined ? maxIdle : Math.max(0, Math.min(maxIdle, nextDueAt - Date.now()));
        await new Promise<void>((r) => { wake = r; setTimeout(r, wait); });
        wake = undefined;
      }
      nudged = false;
      // However often it is nudged (every call under load), it reads at most every MIN_GAP_MS.
      const gap = MIN_GAP_MS - (Date.now() - tickAt);
      if (gap > 0 && !stopped) await new Promise((r) => setTimeout(r, gap));
    }
  })();

  return {
    /** Something may have scheduled a job: look now rather than at the next tick. */
    nudge() { if (wake) wake(); else nudged = true; },
    async stop() {
      stopped = true;
      wake?.();
      await loop.catch(() => undefined);
    },
  };
}

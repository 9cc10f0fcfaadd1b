import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../lambdas/src/adapters/dynamodb/client';
import { keys } from '../../lambdas/src/adapters/dynamodb/keys';
import { table } from '../../lambdas/src/adapters/dynamodb/repository';
import { correlationIdOfItem, withCorrelationId } from '../../lambdas/src/observability/correlation';
import type { Job } from '../../lambdas/src/ports/jobs';

interface JobItem { pk: string; sk: string; id: string; runAt: number; job: Job; attempts?: number }

const MAX_ATTEMPTS = 5;

/**
 * Plays SQS and EventBridge Scheduler for the local cloud: due jobs are table items (written by
 * the table job queue), so a restart loses none; this loop claims each with a conditional delete
 * (exactly one runner runs it) and runs the same job code the AWS queue consumer runs. A failed
 * job comes back with a growing delay, as SQS would redeliver it, and is dropped after 5 tries.
 */
export function startJobRunner(opts: { run: (job: Job) => Promise<unknown>; onError?: (e: unknown) => void; intervalMs?: number }) {
  let stopped = false;
  let wake: (() => void) | undefined;

  async function tick(): Promise<number> {
    const out = await (await documentClient()).send(new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk <= :now',
      ExpressionAttributeValues: { ':pk': keys.jobsPk, ':now': keys.job(Date.now(), '~').sk },
      ConsistentRead: true,
      Limit: 50,
    }));
    const due = (out.Items ?? []) as JobItem[];
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
      let busy = 0;
      try {
        busy = await tick();
      } catch (e) {
        if (!stopped) opts.onError?.(e);
      }
      if (busy >= 50) continue;
      await new Promise<void>((r) => { wake = r; setTimeout(r, opts.intervalMs ?? 200); });
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop.catch(() => undefined);
    },
  };
}

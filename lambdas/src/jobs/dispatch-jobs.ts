import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { isSaneCorrelationId, withCorrelationId } from '../observability/correlation';
import { queueHandler } from '../observability/entry-points';
import { logger } from '../observability/logger';
import { isJob, runJob } from './run-job';

/**
 * The jobs queue's consumer: dispatch rounds (delayed messages) and Book Later starts and give-ups
 * (EventBridge Scheduler puts them in the same queue at their time). A failed job is retried by
 * SQS and ends in the dead-letter queue after the redrive limit. A job runs under the correlation
 * id of the request that scheduled it (the queue writes it into the message), else the message's id.
 */
export const handler = queueHandler('dispatch-jobs', async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    let job: unknown;
    try {
      job = JSON.parse(record.body);
    } catch {
      job = undefined;
    }
    if (!isJob(job)) {
      logger.error('not a job; dropped', { messageId: record.messageId });
      continue;
    }
    const scheduled = job;
    const carried = (job as { correlationId?: unknown }).correlationId;
    await withCorrelationId(isSaneCorrelationId(carried) ? carried : record.messageId, async () => {
      try {
        await runJob(scheduled);
      } catch (error) {
        logger.error('job failed', { job: scheduled, error: error as Error });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    });
  }
  return { batchItemFailures };
});

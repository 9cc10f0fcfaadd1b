import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../observability/logger';
import { isJob, runJob } from './run-job';

/**
 * The jobs queue's consumer: dispatch rounds (delayed messages) and Book Later starts and give-ups
 * (EventBridge Scheduler puts them in the same queue at their time). A failed job is retried by
 * SQS and ends in the dead-letter queue after the redrive limit.
 */
export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
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
    try {
      await runJob(job);
    } catch (error) {
      logger.error('job failed', { job, error: error as Error });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
};

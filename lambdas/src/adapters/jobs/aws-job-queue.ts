import type { SchedulerClient } from '@aws-sdk/client-scheduler';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { randomUUID } from 'node:crypto';
import { config } from '../../config';
import { currentCorrelationId } from '../../observability/correlation';
import type { Job, JobQueue } from '../../ports/jobs';
import { traced } from '../../observability/tracer';
import { onFirstUse } from '../sdk';

/** Loaded on first use (see adapters/sdk.ts): a function that schedules nothing never loads them. */
const sqsSdk = onFirstUse(() => import('@aws-sdk/client-sqs'));
const schedulerSdk = onFirstUse(() => import('@aws-sdk/client-scheduler'));

/** SQS holds a message back at most 15 minutes. */
const MAX_SQS_DELAY_SECONDS = 900;

let sqs: SQSClient | undefined;
let scheduler: SchedulerClient | undefined;

/**
 * Jobs due within 15 minutes (the next dispatch round) go to the jobs queue with a delay; later
 * ones (a Book Later booking's dispatch start and give-up) become one-time EventBridge Scheduler
 * schedules that drop the same message into the same queue at the time, then delete themselves.
 */
export const awsJobQueue: JobQueue = {
  async schedule(job: Job, runAt: number) {
    const c = config();
    // The request that scheduled the job lends it its correlation id (dispatch-jobs runs under it).
    const body = JSON.stringify({ ...job, correlationId: currentCorrelationId() });
    const delay = Math.max(0, Math.ceil((runAt - Date.now()) / 1000));
    if (delay <= MAX_SQS_DELAY_SECONDS) {
      const { SendMessageCommand, SQSClient } = await sqsSdk();
      sqs ??= await traced(new SQSClient({ region: c.AWS_REGION, endpoint: c.SQS_ENDPOINT }));
      await sqs.send(new SendMessageCommand({ QueueUrl: c.JOB_QUEUE_URL, MessageBody: body, DelaySeconds: delay }));
      return;
    }
    const { CreateScheduleCommand, SchedulerClient } = await schedulerSdk();
    scheduler ??= await traced(new SchedulerClient({ region: c.AWS_REGION, endpoint: c.SCHEDULER_ENDPOINT }));
    // at() takes UTC without a zone suffix, to the second.
    const at = new Date(runAt).toISOString().slice(0, 19);
    await scheduler.send(new CreateScheduleCommand({
      Name: `${job.kind}-${job.kind === 'broadcast' ? job.notificationId : job.kind === 'push' ? job.message.id : job.bookingId}-${randomUUID().slice(0, 8)}`,
      GroupName: c.SCHEDULE_GROUP,
      ScheduleExpression: `at(${at})`,
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: { Arn: c.JOB_QUEUE_ARN, RoleArn: c.SCHEDULER_ROLE_ARN, Input: body },
    }));
  },
};

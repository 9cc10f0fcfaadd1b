import { randomUUID } from 'node:crypto';
import type { Job, JobQueue } from '../../ports/jobs';
import { keys } from '../dynamodb/keys';
import { table } from '../dynamodb/repository';

/**
 * Jobs as table items, for where no queue service exists (the embedded local cloud): a runner
 * there claims due items and runs them. Being in the table, due jobs survive a restart.
 */
export const tableJobQueue: JobQueue = {
  async schedule(job: Job, runAt: number) {
    const id = randomUUID();
    await table.put({ ...keys.job(runAt, id), id, runAt, job });
  },
};

/**
 * Work that must happen later: the next dispatch round when offers expire, the start of a Book
 * Later booking's dispatch, and the moment the system gives up on a booking. Jobs are idempotent:
 * each re-reads the booking and does nothing when the moment has passed.
 */
export type Job =
  | { kind: 'dispatch'; bookingId: string; round: number }
  | { kind: 'give-up'; bookingId: string };

export interface JobQueue {
  /** Runs `job` at `runAt` (ms) or soon after. */
  schedule(job: Job, runAt: number): Promise<void>;
}

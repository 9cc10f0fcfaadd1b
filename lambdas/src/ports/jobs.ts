import type { OutgoingMessage } from './notifier';

/**
 * Work that must happen later: the next dispatch round when offers expire, the start of a Book
 * Later booking's dispatch, the moment the system gives up on a booking, and the batches of a
 * broadcast notification. Jobs are idempotent: each re-reads its item and does nothing when the
 * moment has passed.
 */
export type Job =
  | { kind: 'dispatch'; bookingId: string; round: number }
  | { kind: 'give-up'; bookingId: string }
  /** One batch of a notification's broadcast; it runs once per send and batch (see run-broadcast-batch). */
  | { kind: 'broadcast'; notificationId: string; sendId: string; batch: number }
  /** A message's pushes that failed, tried again (see retry-failed-pushes): the devices already pushed are skipped. */
  | { kind: 'push'; message: DeferredPush; attempt: number };

/** A committed message as the Notifier delivers it, carried by a push retry. */
export type DeferredPush = OutgoingMessage & { id: string; at: number; delivery?: string };

export interface JobQueue {
  /** Runs `job` at `runAt` (ms) or soon after. */
  schedule(job: Job, runAt: number): Promise<void>;
}

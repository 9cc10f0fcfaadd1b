import type { Notification } from '../../../shared/src/contract/notifications';

/** A broadcast in progress, as the notification item records it (none of it leaves the server). */
export interface SendState {
  sendId: string;
  /** The next batch to run (0, 1, …): a batch's progress write is conditioned on it, so it counts once. */
  batch: number;
  /** The partition (index into `audience`) and the cursor inside it where the next batch starts. */
  partition: number;
  cursor?: string;
  /** `<usertype>#<platform>` partitions, comma-joined, fixed when the send starts. */
  audience: string;
  /** The title and body being sent (an edit during the send changes the next send, not this one). */
  sendTitle: string;
  sendBody: string;
  /** The last batch whose successor job was put on the queue. */
  scheduledBatch?: number;
}

export type StoredNotification = Notification & Partial<SendState>;

export interface NotificationStore {
  list(): Promise<Notification[]>;
  get(id: string, opts?: { consistent?: boolean }): Promise<StoredNotification | undefined>;
  create(n: Notification): Promise<void>;
  /** Writes the admin's fields if the version is still `current.version`; 409 otherwise. Send state is kept. */
  replace(current: StoredNotification, next: Notification): Promise<void>;
  /** With a version, only if it is still current; 404 when missing, 409 when changed. */
  remove(id: string, expectedVersion?: number): Promise<void>;
  /**
   * Starts a send: status `sending`, counts reset, the send state written, conditioned on the
   * item being as read (`version`) and not sending (unless that send went stale before `staleBefore`).
   */
  startSend(current: StoredNotification, send: { state: SendState; total: number; at: string; staleBefore: string }): Promise<StoredNotification>;
  /**
   * A batch's progress, conditioned on the send and batch being current: false when another run
   * already recorded this batch. `next` undefined means the send is complete (status `sent`).
   */
  advance(id: string, at: { sendId: string; batch: number }, progress: { sent: number; failed: number; next?: { partition: number; cursor?: string }; at: string }): Promise<boolean>;
  /** Records that the job of `batch` is on the queue. */
  markScheduled(id: string, sendId: string, batch: number): Promise<void>;
}

import type { NotificationValues } from '../../../shared/src/i18n/notifications';
/**
 * A message the platform sends a user (spec §4 "notified", "told"). It is written with the state
 * change that causes it, in the same transaction (an outbox), so it exists exactly when the change
 * does; delivery (push, the open browser) happens after commit, from the table stream.
 */
export interface OutgoingMessage {
  to: string;
  /** What happened, e.g. `new_booking`; the key of the title and body in shared/src/i18n/notifications. */
  kind: string;
  /** In English; `values` let each reader word it in its own language (shared/src/i18n/localized-notification). */
  title: string;
  body: string;
  values?: NotificationValues;
  bookingId?: string;
}

/**
 * Delivers a committed message (it is already in the user's inbox, or it is a trip chat line;
 * `delivery` then names the push's exactly-once claim instead of the inbox id): pushed to each of the user's
 * devices, once per device however often it is handed over. Throws when a push must be retried.
 */
export interface Notifier {
  deliver(message: OutgoingMessage & { id: string; at: number; delivery?: string }): Promise<void>;
}

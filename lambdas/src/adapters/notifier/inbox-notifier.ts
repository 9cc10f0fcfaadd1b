import { logger } from '../../observability/logger';
import type { Notifier } from '../../ports/notifier';

/**
 * Until push exists, a message is delivered by being in the user's inbox (GET /me/messages, the
 * `messages/<uid>` topic, and /local/outbox on the local cloud), where it already is: the
 * transaction that caused it wrote it. Push delivery will be another adapter of this port.
 */
export const inboxNotifier: Notifier = {
  async deliver(message) {
    logger.debug('message kept in inbox', { to: message.to, kind: message.kind, bookingId: message.bookingId });
  },
};

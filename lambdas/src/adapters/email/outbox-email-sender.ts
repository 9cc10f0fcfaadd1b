import { randomUUID } from 'node:crypto';
import { keys } from '../dynamodb/keys';
import { table } from '../dynamodb/repository';
import type { EmailSender } from '../../ports/email';

const OUTBOX_TTL_SECONDS = 24 * 60 * 60;

/**
 * Where no e-mail can be sent (the local cloud, LocalStack): the e-mail is kept in the table's
 * outbox (channel `email`), beside the SMS, where the local cloud shows it (/local/outbox) and
 * tests read it.
 */
export const outboxEmailSender: EmailSender = {
  async send(email) {
    const at = new Date().toISOString();
    await table.put({
      ...keys.outboxMessage(at, randomUUID()), channel: 'email', to: email.to, title: email.subject, message: email.text,
      ...(email.bookingId ? { bookingId: email.bookingId } : {}), at, expiresAt: Math.floor(Date.now() / 1000) + OUTBOX_TTL_SECONDS,
    });
  },
};

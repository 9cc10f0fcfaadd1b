import { randomUUID } from 'node:crypto';
import { keys } from '../dynamodb/keys';
import { table } from '../dynamodb/repository';
import type { SmsSender } from '../../ports/sms';

const OUTBOX_TTL_SECONDS = 24 * 60 * 60;

/**
 * Where no SMS can be sent (the local cloud, LocalStack): the message is kept in the table's
 * outbox, where the local cloud shows it (console and /local/outbox) and tests read it.
 */
export const outboxSmsSender: SmsSender = {
  async send(phoneNumber, message) {
    const at = new Date().toISOString();
    await table.put({ ...keys.outboxMessage(at, randomUUID()), channel: 'sms', to: phoneNumber, message, at, expiresAt: Math.floor(Date.now() / 1000) + OUTBOX_TTL_SECONDS });
  },
};

import { randomUUID } from 'node:crypto';
import type { OutgoingMessage } from '../../ports/notifier';
import { keys } from './keys';
import type { TransactItem } from './repository';

/** Inbox messages are cleaned up by DynamoDB's TTL this long after they are written. */
const MESSAGE_TTL_SECONDS = 90 * 24 * 60 * 60;

/**
 * Inbox items, written in the transaction of the change they tell about (bookings, trips, the
 * wallet, payments, withdrawals all tell someone); the stream hands each to the Notifier once
 * committed. Its own module so that the repositories writing messages never import each other.
 */
export function messageItems(messages: readonly OutgoingMessage[], at: number): TransactItem[] {
  return messages.map((m) => {
    const id = randomUUID();
    return { Put: { Item: { ...keys.message(m.to, at, id), id, at, ...m, expiresAt: Math.floor(at / 1000) + MESSAGE_TTL_SECONDS } } };
  });
}

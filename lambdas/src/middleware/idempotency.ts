import { IDEMPOTENCY_HEADER, IdempotencyKey } from '../../../shared/src/contract/idempotency-key';
import { DomainError } from '../../../shared/src/domain/errors';
import { keys } from '../adapters/dynamodb/keys';
import type { Key } from '../adapters/dynamodb/repository';
import { messageFor } from './responses';

export type { Answer } from './answer';

/** The caller's key from the request headers (lower-cased names), checked; undefined when none was sent. */
export function idempotencyKeyOf(headers: Record<string, string | undefined>): string | undefined {
  const value = headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (value === undefined) return undefined;
  const checked = IdempotencyKey.safeParse(value);
  if (!checked.success) {
    throw new DomainError('validation_error', 400, messageFor('validation_error'), [{ path: `headers.${IDEMPOTENCY_HEADER}`, message: checked.error.issues[0]!.message }]);
  }
  return checked.data;
}

/** The record the admission read fetches with the caller's profile (no round trip of its own). */
export const idempotencyRecordKey = (uid: string, key: string): Key => keys.idempotentRequest(uid, key);

/** What an idempotent route's handler passes to httpHandler (idempotency-on-first-use.ts). */
export type Idempotency = () => Promise<typeof import('./run-once')>;

import * as z from './zod';

/**
 * The request header that makes a write safe to retry. A route takes it when its definition says
 * `idempotent: true`; the HTTP middleware then answers a repeat of the same request (same caller,
 * key, operation, path and body) with the first answer, and refuses the key for anything else.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** An opaque client token (a UUID in practice): long enough not to collide, short enough for a key. */
export const IdempotencyKey = z.string().check(z.regex(/^[A-Za-z0-9_.:-]{8,128}$/, 'Idempotency-Key must be 8 to 128 letters, digits or . _ : -'));

/** The answer header that says an answer is the stored first answer of an earlier request. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';

/** How long a key is remembered (seconds): a retry after this is a new request. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

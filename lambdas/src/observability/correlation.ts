import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The correlation id of the work in progress: one REST request, WebSocket message, stream record,
 * job or trigger. It is kept in async-local storage rather than on the shared logger, because the
 * local cloud runs many invocations in one process at once and Lambda may too; each of them
 * must see its own id in its log lines, its response and the items it writes.
 */
const storage = new AsyncLocalStorage<string>();

/** The header a client may send, and every REST response carries. */
export const CORRELATION_HEADER = 'x-correlation-id';

/**
 * The item attribute that carries the id of the last request that wrote an item, so the stream
 * consumers it reaches (fan-out, push) log and post with the same id.
 */
export const CORRELATION_ATTRIBUTE = 'lastCorrelationId';

/** What we accept from outside: a short token that cannot smuggle anything into a log line or a header. */
const SANE = /^[A-Za-z0-9._-]{1,64}$/;

export function isSaneCorrelationId(value: unknown): value is string {
  return typeof value === 'string' && SANE.test(value);
}

/** Runs `fn` with `id` as the correlation id of everything it does (nested calls may narrow it). */
export function withCorrelationId<T>(id: string, fn: () => T): T {
  return storage.run(id, fn);
}

/** The id in scope, or undefined outside any instrumented work (start-up, unit tests of adapters). */
export function currentCorrelationId(): string | undefined {
  return storage.getStore();
}

/**
 * A REST request's id: the caller's `x-correlation-id` when it is sane (a browser or another
 * service tying its own logs to ours), else API Gateway's request id, which AWS also returns as
 * `x-amzn-RequestId` and writes to the access log.
 */
export function correlationIdOfRequest(
  headers: Record<string, string | undefined> | null | undefined, requestId: string | undefined,
): string {
  const given = Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === CORRELATION_HEADER)?.[1];
  if (isSaneCorrelationId(given)) return given;
  return isSaneCorrelationId(requestId) ? requestId : randomUUID();
}

/** A stream record's id: the one the writing request left on the item, else the record's own event id. */
export function correlationIdOfItem(image: Record<string, unknown> | undefined, fallback: string | undefined): string {
  const carried = image?.[CORRELATION_ATTRIBUTE];
  if (isSaneCorrelationId(carried)) return carried;
  return isSaneCorrelationId(fallback) ? fallback : randomUUID();
}

/**
 * Location pings kept while the network is down, sent in order when it returns.
 *
 * The server stamps each ping with the time it arrives (it never trusts a client's clock), so a
 * late ping is recorded as where the driver is *now*. A ping older than `MAX_PING_AGE_MS` is
 * dropped instead: at city speed (~50 km/h) 30 s is ~400 m, the most a dispatch or a rider's map
 * should be off, and dispatch ignores a driver whose last position is over 60 s old anyway, so an
 * older one could only mislead. The queue holds at most one ping per send interval of that span.
 */
export const MAX_PING_AGE_MS = 30_000;

export interface QueuedPing<T> { body: T; takenAt: number }

export class PingQueue<T> {
  private items: QueuedPing<T>[] = [];

  constructor(private readonly maxAgeMs = MAX_PING_AGE_MS, private readonly maxItems = 12) {}

  /** Keeps a ping that could not be sent (taken at `takenAt`, the position's own time). */
  push(body: T, takenAt: number): void {
    this.items.push({ body, takenAt });
    if (this.items.length > this.maxItems) this.items.splice(0, this.items.length - this.maxItems);
  }

  /** The pings still fresh at `now`, oldest first (so the newest lands last and wins); the queue is emptied. */
  take(now: number): QueuedPing<T>[] {
    const fresh = this.items.filter((p) => now - p.takenAt <= this.maxAgeMs && p.takenAt <= now);
    this.items = [];
    return fresh;
  }

  /** Pings waiting (stale ones included until the next `take`). */
  get size(): number {
    return this.items.length;
  }
}

/** A send that failed because the request never reached the server (offline, DNS, reset), not a refusal. */
export function isNetworkFailure(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  return error instanceof TypeError;
}

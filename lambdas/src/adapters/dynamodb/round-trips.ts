import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Counts DynamoDB round trips per request. Each invocation runs inside `withRoundTripCounter`, and
 * the client middleware in `client.ts` reports every call it makes, so concurrent requests in one
 * process (the local cloud) never mix their counts.
 *
 * Two numbers: `calls` (every request sent) and `sequential` (waves: calls issued in parallel,
 * such as the cell queries of a nearby search, count once). Latency follows the waves, so
 * `x-ddb-round-trips` reports those and `x-ddb-calls` the total. `ms` is the time with at least
 * one call in flight (`x-ddb-ms`): the request's time inside DynamoDB, the rest is its own.
 */
interface Counter { calls: number; sequential: number; inFlight: number; operations: string[]; ms: number; since: number }
const storage = new AsyncLocalStorage<Counter>();
let processTotal = 0;

export function withRoundTripCounter<T>(fn: () => Promise<T>): Promise<{ result: T; calls: number; sequential: number; operations: string[]; ms: number }> {
  const counter: Counter = { calls: 0, sequential: 0, inFlight: 0, operations: [], ms: 0, since: 0 };
  return storage.run(counter, async () => {
    const result = await fn();
    return { result, calls: counter.calls, sequential: counter.sequential, operations: counter.operations, ms: counter.ms };
  });
}

/** Called when a request starts; the returned function when it ends. */
export function recordRoundTrip(operation: string): () => void {
  processTotal += 1;
  const counter = storage.getStore();
  if (!counter) return () => undefined;
  counter.calls += 1;
  if (counter.inFlight === 0) {
    counter.sequential += 1;
    counter.since = performance.now();
  }
  counter.inFlight += 1;
  counter.operations.push(operation);
  return () => {
    counter.inFlight -= 1;
    if (counter.inFlight === 0) counter.ms += performance.now() - counter.since;
  };
}

export function currentRoundTrips(): number {
  return storage.getStore()?.sequential ?? 0;
}

export function processRoundTrips(): number {
  return processTotal;
}

import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Counts DynamoDB round trips per request. Each invocation runs inside `withRoundTripCounter`, and
 * the client middleware in `client.ts` bumps the counter of the invocation it runs in, so
 * concurrent requests in one process (the local cloud) never mix their counts.
 */
interface Counter { calls: number; operations: string[] }
const storage = new AsyncLocalStorage<Counter>();
let processTotal = 0;

export function withRoundTripCounter<T>(fn: () => Promise<T>): Promise<{ result: T; calls: number; operations: string[] }> {
  const counter: Counter = { calls: 0, operations: [] };
  return storage.run(counter, async () => {
    const result = await fn();
    return { result, calls: counter.calls, operations: counter.operations };
  });
}

export function recordRoundTrip(operation: string): void {
  processTotal += 1;
  const counter = storage.getStore();
  if (counter) {
    counter.calls += 1;
    counter.operations.push(operation);
  }
}

export function currentRoundTrips(): number {
  return storage.getStore()?.calls ?? 0;
}

export function processRoundTrips(): number {
  return processTotal;
}

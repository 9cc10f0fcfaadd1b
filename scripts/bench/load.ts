import autocannon from 'autocannon';

export interface LoadResult { name: string; rps: number; p50: number; p99: number; errors: number; non2xx: number }

/** One autocannon run against 127.0.0.1; latency in ms. */
export async function load(name: string, opts: { url: string; method?: 'GET' | 'PATCH' | 'POST'; headers?: Record<string, string>; body?: string; seconds: number; connections: number }): Promise<LoadResult> {
  const result = await autocannon({
    url: opts.url, method: opts.method ?? 'GET', headers: opts.headers, body: opts.body,
    duration: opts.seconds, connections: opts.connections,
  });
  return {
    name, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99,
    errors: result.errors, non2xx: result.non2xx,
  };
}

/** The same measurement for a plain async operation (e.g. a raw DynamoDB call), with N in flight. */
export async function loadFn(name: string, fn: () => Promise<unknown>, opts: { seconds: number; concurrency: number }): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + opts.seconds * 1000;
  await Promise.all(Array.from({ length: opts.concurrency }, async () => {
    while (Date.now() < end) {
      const t = performance.now();
      try { await fn(); } catch { errors += 1; }
      latencies.push(performance.now() - t);
    }
  }));
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0) * 10) / 10;
  return { name, rps: Math.round(latencies.length / opts.seconds), p50: pct(0.5), p99: pct(0.99), errors, non2xx: 0 };
}

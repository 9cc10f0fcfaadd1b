import type { Tracer } from '@aws-lambda-powertools/tracer';

let loading: Promise<Tracer> | undefined;

/**
 * Powertools' tracer, created once per container on first use rather than at import: it brings the
 * X-Ray SDK, which would otherwise be most of what loading a handler costs. Tracing is on only
 * inside Lambda with active tracing (Powertools turns itself off elsewhere, and with
 * POWERTOOLS_TRACE_ENABLED=false), so the local cloud and the tests never look for a daemon.
 */
export function tracer(): Promise<Tracer> {
  return (loading ??= import('@aws-lambda-powertools/tracer').then(({ Tracer }) => new Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'ride-platform' })));
}

/** An AWS SDK client whose calls become subsegments of the invocation's trace (where tracing is on). */
export async function traced<T>(client: T): Promise<T> {
  return (await tracer()).captureAWSv3Client(client);
}

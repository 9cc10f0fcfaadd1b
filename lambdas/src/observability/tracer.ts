import type { Tracer } from '@aws-lambda-powertools/tracer';

let loading: Promise<Tracer> | undefined;

/**
 * Powertools' tracer, created once per container on first use rather than at import: it brings the
 * X-Ray SDK, which would otherwise be most of what loading a handler costs. Tracing is on only
 * inside Lambda with active tracing (Powertools turns itself off elsewhere, and with
 * POWERTOOLS_TRACE_ENABLED=false), so the local cloud and the tests never look for a daemon.
 */
export function tracer(): Promise<Tracer> {
  // Only where tracing can be on (see tracingOn): the X-Ray SDK it loads hooks every promise.
  return (loading ??= import('@aws-lambda-powertools/tracer').then(({ Tracer }) => new Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'ride-platform' })));
}

/**
 * Powertools' own rule for tracing being on: inside Lambda (AWS_EXECUTION_ENV), not in SAM or
 * Amplify's mock, and not turned off with POWERTOOLS_TRACE_ENABLED=false. Where it is off the tracer
 * is never loaded: the X-Ray SDK under it installs an async hook at import (cls-hooked) that tracks
 * every promise of the process, and so slows every call, even while it records nothing.
 */
export function tracingOn(env: NodeJS.ProcessEnv = process.env): boolean {
  const execution = env.AWS_EXECUTION_ENV ?? '';
  return env.POWERTOOLS_TRACE_ENABLED?.toLowerCase() !== 'false'
    && execution !== '' && execution !== 'AWS_Lambda_amplify-mock' && !env.AWS_SAM_LOCAL;
}

/** An AWS SDK client whose calls become subsegments of the invocation's trace (where tracing is on). */
export async function traced<T>(client: T): Promise<T> {
  if (!tracingOn()) return client;
  return (await tracer()).captureAWSv3Client(client);
}

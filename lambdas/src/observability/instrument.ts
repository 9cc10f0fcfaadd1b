import { randomUUID } from 'node:crypto';
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Metrics } from '@aws-lambda-powertools/metrics';
import type { Context } from 'aws-lambda';
import { currentCorrelationId, withCorrelationId } from './correlation';
import { logger } from './logger';
import { metrics, MetricUnit } from './metrics';
import { tracer, tracingOn } from './tracer';

export interface Instrumentation<E, R> {
  /** The `operation` dimension of the handler's metrics: an operationId, or a name like `ws-connect`. */
  operation: string;
  /** The invocation's correlation id, read from its event (a batch handler narrows it per record). */
  correlationId: (event: E, context: Context) => string;
  /** What one invocation counts; `threw` when the handler failed (and `result` is then undefined). */
  measure: (m: Metrics, event: E, result: R | undefined, threw: boolean) => void;
}

/**
 * Every Lambda entry point is wrapped here once: X-Ray segment (captureLambdaHandler), Lambda
 * context on every log line (injectLambdaContext), the correlation id in scope for the whole
 * invocation, and its metrics flushed when it ends.
 *
 * The metrics are recorded and flushed in one synchronous step (rather than by the `logMetrics`
 * middleware's after-hook) because the instance is shared: the local cloud runs many
 * invocations in one process, where another invocation could add its dimension in between.
 */
export function instrument<E, R>(
  handler: (event: E, context: Context) => Promise<R>,
  opts: Instrumentation<E, R>,
): (event: E, context?: Context) => Promise<R> {
  // Built on the first invocation: the tracer's middleware loads the X-Ray SDK (see tracer.ts),
  // and only where tracing is on.
  const build = async () => {
    const tracing = tracingOn()
      ? await Promise.all([import('@aws-lambda-powertools/tracer/middleware'), tracer()])
      : undefined;
    const t = tracing?.[1];
    return middy<E, R, Error, Context>(async (event: E, context: Context) => {
      let result: R | undefined;
      let threw = true;
      // On the handler's subsegment (the Lambda root segment takes no annotations): traces are searchable by id.
      const id = currentCorrelationId();
      if (id) t?.putAnnotation('correlationId', id);
      try {
        result = await handler(event, context);
        threw = false;
        return result;
      } finally {
        flush(() => opts.measure(metrics, event, result, threw), opts.operation, context);
      }
    })
      // Responses hold personal data (profiles, addresses): traces keep timings and errors only.
      .use(tracing ? [tracing[0].captureLambdaHandler(tracing[1], { captureResponse: false })] : [])
      .use(injectLambdaContext(logger, { resetKeys: true }));
  };
  let wrapped: ReturnType<typeof build> | undefined;

  return (event, context) => {
    // Lambda always passes a context; whoever calls a handler as a plain function may not (the
    // Cognito emulator, unit tests), and the middlewares read it.
    const ctx = context ?? contextFor(opts.operation);
    return withCorrelationId(opts.correlationId(event, ctx), async () => {
      if (!wrapped) {
        wrapped = build();
        wrapped.catch(() => { wrapped = undefined; });
      }
      return (await wrapped)(event, ctx);
    });
  };
}

function flush(measure: () => void, operation: string, context: Context): void {
  try {
    metrics.captureColdStartMetric(context.functionName);
    metrics.addDimension('operation', operation);
    measure();
    // Nothing counted: nothing to print (publishing would only warn that the set is empty).
    if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
    else metrics.clearDimensions();
  } catch (error) {
    // Metrics must never cost the caller its answer.
    logger.warn('metrics not published', { error: error as Error });
    metrics.clearMetrics();
    metrics.clearDimensions();
  }
}

/** Counts a request-shaped result: `Requests`, and `Errors4xx` / `Errors5xx` by status (a throw is a 5xx). */
export function measureRequest(m: Metrics, status: number | undefined): void {
  m.addMetric('Requests', MetricUnit.Count, 1);
  const code = status ?? 500;
  if (code >= 400 && code < 500) m.addMetric('Errors4xx', MetricUnit.Count, 1);
  if (code >= 500) m.addMetric('Errors5xx', MetricUnit.Count, 1);
}

/** Counts a batch: `Records` received and `RecordFailures` handed back for a retry (all of them when it threw). */
export function measureBatch(m: Metrics, records: number, failures: number | undefined): void {
  m.addMetric('Records', MetricUnit.Count, records);
  m.addMetric('RecordFailures', MetricUnit.Count, failures ?? records);
}

/**
 * The stand-in context's time budget. middy aborts a handler its context says is out of time (it
 * times out `timeoutEarlyInMillis` before the end), so a stand-in must not claim 0 ms left.
 */
const STAND_IN_BUDGET_MS = 60_000;

function contextFor(functionName: string): Context {
  const deadline = Date.now() + STAND_IN_BUDGET_MS;
  return {
    callbackWaitsForEmptyEventLoop: false, functionName, functionVersion: '$LATEST',
    invokedFunctionArn: '', memoryLimitInMB: '', awsRequestId: randomUUID(), logGroupName: '', logStreamName: '',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()), done: () => undefined, fail: () => undefined, succeed: () => undefined,
  };
}

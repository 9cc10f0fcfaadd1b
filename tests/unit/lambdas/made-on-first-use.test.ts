import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Lean functions: what loading a function's module does is part of every cold start. The logger
 * and the metrics (whose construction opens stdout and stderr) and the configuration's schema are
 * made on the first invocation that uses them, not when the module loads.
 */
describe('made on first use', () => {
  afterEach(() => { vi.doUnmock('@aws-lambda-powertools/logger'); vi.doUnmock('@aws-lambda-powertools/metrics'); vi.resetModules(); });

  it('loading a handler makes no logger and no metrics; its first invocation makes one of each, and later ones reuse them', async () => {
    vi.resetModules();
    const made = { logger: 0, metrics: 0 };
    vi.doMock('@aws-lambda-powertools/logger', async (original) => {
      const mod = await original<typeof import('@aws-lambda-powertools/logger')>();
      class CountedLogger extends mod.Logger {
        constructor(...args: ConstructorParameters<typeof mod.Logger>) { super(...args); made.logger++; }
      }
      return { ...mod, Logger: CountedLogger };
    });
    vi.doMock('@aws-lambda-powertools/metrics', async (original) => {
      const mod = await original<typeof import('@aws-lambda-powertools/metrics')>();
      class CountedMetrics extends mod.Metrics {
        constructor(...args: ConstructorParameters<typeof mod.Metrics>) { super(...args); made.metrics++; }
      }
      return { ...mod, Metrics: CountedMetrics };
    });
    const { wsHandler } = await import('../../../lambdas/src/observability/entry-points');
    const handler = wsHandler('ws-probe', async () => ({ statusCode: 200, body: '' }));
    expect(made).toEqual({ logger: 0, metrics: 0 });

    const event = { requestContext: { requestId: 'r1', connectionId: 'c1' } } as unknown as APIGatewayProxyEvent;
    const context = { functionName: 'fn', awsRequestId: 'req', invokedFunctionArn: 'arn', memoryLimitInMB: '128', functionVersion: '1' } as Context;
    await expect(handler(event, context)).resolves.toMatchObject({ statusCode: 200 });
    await handler(event, context);
    expect(made).toEqual({ logger: 1, metrics: 1 });
  });

  it('the made instance answers as the class it stands for (methods bound to it)', async () => {
    const { madeOnFirstUse } = await import('../../../lambdas/src/observability/made-on-first-use');
    class Counter { #n = 0; add() { return ++this.#n; } get n() { return this.#n; } }
    let makes = 0;
    const counter = madeOnFirstUse(() => { makes++; return new Counter(); });
    expect(makes).toBe(0);
    const add = counter.add;
    expect(add()).toBe(1);
    expect(counter.add()).toBe(2);
    expect(counter.n).toBe(2);
    expect(counter).toBeInstanceOf(Counter);
    expect(makes).toBe(1);
  });
});

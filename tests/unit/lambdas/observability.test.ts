import type { APIGatewayProxyEvent, Context, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * What a function prints on stdout per invocation: CloudWatch embedded-format metrics (the unit
 * project switches them off; here they are on, as in Lambda) and log lines.
 */
let lines: Record<string, any>[] = [];
let write: ReturnType<typeof vi.spyOn>;

type Entry = typeof import('../../../lambdas/src/observability/entry-points');
type Log = typeof import('../../../lambdas/src/observability/logger');
let entry: Entry;
let logger: Log['logger'];

beforeAll(async () => {
  vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
  vi.stubEnv('POWERTOOLS_METRICS_NAMESPACE', 'test-ns');
  vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'INFO');
  // Lambda sets this; without it Powertools never reports a cold start.
  vi.stubEnv('AWS_LAMBDA_INITIALIZATION_TYPE', 'on-demand');
  vi.resetModules();
  entry = await import('../../../lambdas/src/observability/entry-points');
  logger = (await import('../../../lambdas/src/observability/logger')).logger;
  write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
    for (const line of String(chunk).split('\n').filter(Boolean)) {
      try { lines.push(JSON.parse(line)); } catch { /* not ours */ }
    }
    return true;
  });
});
afterAll(() => { write.mockRestore(); vi.unstubAllEnvs(); vi.resetModules(); });
beforeEach(() => { lines = []; });

const emf = () => lines.filter((l) => l._aws);
const logs = () => lines.filter((l) => !l._aws);
const ctx = { functionName: 'fn', awsRequestId: 'lambda-req', invokedFunctionArn: 'arn', memoryLimitInMB: '128', functionVersion: '1' } as Context;
const wsEvent = (requestId: string) => ({ requestContext: { requestId, connectionId: 'c1' } }) as unknown as APIGatewayProxyEvent;

describe('metrics', () => {
  it('are flushed at the end of every invocation, each with only its own counts', async () => {
    const handler = entry.wsHandler('ws-test', async () => ({ statusCode: 200, body: '' }));
    await handler(wsEvent('r1'), ctx);
    const first = emf();
    await handler(wsEvent('r2'), ctx);
    const second = emf().slice(first.length);

    // The first invocation of the container also reports its cold start.
    expect(first.find((m) => m.ColdStart === 1)).toBeDefined();
    expect(second.find((m) => 'ColdStart' in m)).toBeUndefined();
    for (const batch of [first, second]) {
      const request = batch.find((m) => 'Requests' in m);
      expect(request).toMatchObject({ operation: 'ws-test', Requests: 1 });
      expect(request?._aws.CloudWatchMetrics[0]).toMatchObject({ Namespace: 'test-ns', Dimensions: [['service', 'operation']] });
      expect(request).not.toHaveProperty('Errors4xx');
    }
  });

  it('count a refusal as a 4xx and a throw as a 5xx, and the throw still reaches the caller', async () => {
    await entry.wsHandler('ws-refuse', async () => ({ statusCode: 401, body: '' }))(wsEvent('r3'), ctx);
    await expect(entry.wsHandler('ws-crash', async () => { throw new Error('boom'); })(wsEvent('r4'), ctx)).rejects.toThrow('boom');
    expect(emf().find((m) => m.operation === 'ws-refuse')).toMatchObject({ Requests: 1, Errors4xx: 1 });
    expect(emf().find((m) => m.operation === 'ws-crash')).toMatchObject({ Requests: 1, Errors5xx: 1 });
  });

  it('count a batch\'s records and the ones handed back for a retry', async () => {
    const records = [1, 2, 3].map((n) => ({ eventID: `e${n}`, dynamodb: { SequenceNumber: String(n) } }));
    const handler = entry.streamHandler('stream-test', async () => ({ batchItemFailures: [{ itemIdentifier: '2' }] }));
    await handler({ Records: records } as unknown as DynamoDBStreamEvent, ctx);
    expect(emf().find((m) => m.operation === 'stream-test')).toMatchObject({ Records: 3, RecordFailures: 1 });
  });

  it('do not fail an invocation that counted nothing', async () => {
    const { instrument } = await import('../../../lambdas/src/observability/instrument');
    const quiet = instrument(async () => 'done', { operation: 'quiet', correlationId: () => 'q', measure: () => undefined });
    await expect(quiet({}, ctx)).resolves.toBe('done');
    expect(emf().find((m) => m.operation === 'quiet')).toBeUndefined();
    // ...and leave nothing behind for the next one.
    await entry.wsHandler('ws-next', async () => ({ statusCode: 200, body: '' }))(wsEvent('r5'), ctx);
    expect(emf().find((m) => m.operation === 'ws-next')).toMatchObject({ operation: 'ws-next', Requests: 1 });
  });
});

describe('invocations without a Lambda context', () => {
  it('get a stand-in with time left, so middy does not abort a handler that awaits (Cognito triggers, direct calls)', async () => {
    const { instrument } = await import('../../../lambdas/src/observability/instrument');
    const slow = instrument(async () => { await new Promise((r) => setTimeout(r, 50)); return 'finished'; }, { operation: 'no-context', correlationId: () => 'n', measure: () => undefined });
    await expect(slow({})).resolves.toBe('finished');
  });
});

describe('log lines', () => {
  it('carry the invocation\'s correlation id and Lambda context, even when invocations overlap', async () => {
    const handler = entry.wsHandler('ws-log', async (event) => {
      await new Promise((r) => setTimeout(r, event.requestContext.requestId === 'slow' ? 20 : 0));
      logger.info('handled', { who: event.requestContext.requestId });
      return { statusCode: 200, body: '' };
    });
    await Promise.all([handler(wsEvent('slow'), ctx), handler(wsEvent('fast'), ctx)]);
    const handled = logs().filter((l) => l.message === 'handled');
    expect(handled).toHaveLength(2);
    for (const l of handled) {
      expect(l.correlation_id).toBe(l.who);
      expect(l).toMatchObject({ function_name: 'fn', service: expect.any(String), level: 'INFO' });
    }
  });
});

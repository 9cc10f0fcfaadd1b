import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { route } from '../../../shared/src/contract/route';
import { DomainError } from '../../../shared/src/domain/errors';

// The table's client, replaced: what matters is what the repository asks it to write.
const sent: { input: Record<string, any> }[] = [];
vi.mock('../../../lambdas/src/adapters/dynamodb/client', () => ({
  documentClient: () => ({ send: async (command: { input: Record<string, any> }) => { sent.push(command); return { Attributes: {} }; } }),
  tableName: () => 'table',
}));

const { correlationIdOfItem, correlationIdOfRequest, currentCorrelationId, withCorrelationId } = await import('../../../lambdas/src/observability/correlation');
const { table } = await import('../../../lambdas/src/adapters/dynamodb/repository');
const { httpHandler } = await import('../../../lambdas/src/middleware/http-handler');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the correlation id of a REST request', () => {
  it('is the caller\'s x-correlation-id when it is a short plain token, whatever the header\'s case', () => {
    expect(correlationIdOfRequest({ 'x-correlation-id': 'web-1a2b.c_3' }, 'req-1')).toBe('web-1a2b.c_3');
    expect(correlationIdOfRequest({ 'X-Correlation-Id': 'web-9' }, 'req-1')).toBe('web-9');
  });

  it.each([
    ['spaces', 'a b'],
    ['a line break', 'a\nforged log line'],
    ['markup', '<script>'],
    ['65 characters', 'x'.repeat(65)],
    ['nothing', ''],
  ])('is the request id when the header holds %s', (_name, bad) => {
    expect(correlationIdOfRequest({ 'x-correlation-id': bad }, 'req-1')).toBe('req-1');
  });

  it('is the request id without the header, and a fresh uuid without either', () => {
    expect(correlationIdOfRequest({}, 'req-2')).toBe('req-2');
    expect(correlationIdOfRequest(null, undefined)).toMatch(UUID);
  });
});

describe('the correlation id of a stream record', () => {
  it('is the one its writer left on the item, else the record\'s own', () => {
    expect(correlationIdOfItem({ lastCorrelationId: 'web-7' }, 'evt-1')).toBe('web-7');
    expect(correlationIdOfItem({ lastCorrelationId: 'not sane!' }, 'evt-1')).toBe('evt-1');
    expect(correlationIdOfItem(undefined, 'evt-1')).toBe('evt-1');
  });
});

describe('scope', () => {
  it('keeps concurrent work apart', async () => {
    const seen = await Promise.all(['a', 'b', 'c'].map((id) => withCorrelationId(id, async () => {
      await new Promise((r) => setTimeout(r, Math.random() * 10));
      return currentCorrelationId();
    })));
    expect(seen).toEqual(['a', 'b', 'c']);
    expect(currentCorrelationId()).toBeUndefined();
  });
});

describe('items written inside a request carry its id', () => {
  beforeEach(() => { sent.length = 0; });
  const key = { pk: 'USER#u', sk: 'PROFILE' };

  it('on a put', async () => {
    await withCorrelationId('web-1', () => table.put({ ...key, name: 'n' }));
    expect(sent[0]!.input.Item).toEqual({ ...key, name: 'n', lastCorrelationId: 'web-1' });
  });

  it('on an update, in its SET clause or a new one', async () => {
    await withCorrelationId('web-2', async () => {
      await table.update(key, { expression: 'SET #n = :n REMOVE old', names: { '#n': 'name' }, values: { ':n': 'x' } });
      await table.update(key, { expression: 'ADD visits :one', values: { ':one': 1 } });
    });
    expect(sent[0]!.input).toMatchObject({
      UpdateExpression: 'SET #lastCorrelationId = :lastCorrelationId, #n = :n REMOVE old',
      ExpressionAttributeNames: { '#n': 'name', '#lastCorrelationId': 'lastCorrelationId' },
      ExpressionAttributeValues: { ':n': 'x', ':lastCorrelationId': 'web-2' },
    });
    expect(sent[1]!.input).toMatchObject({
      UpdateExpression: 'ADD visits :one SET #lastCorrelationId = :lastCorrelationId',
      ExpressionAttributeValues: { ':one': 1, ':lastCorrelationId': 'web-2' },
    });
  });

  it('on the puts and updates of a transaction, not its deletes and checks', async () => {
    await withCorrelationId('web-3', () => table.transact([
      { Put: { Item: { ...key, a: 1 } } },
      { Update: { Key: key, UpdateExpression: 'SET a = :a', ExpressionAttributeValues: { ':a': 2 } } },
      { Delete: { Key: key } },
      { ConditionCheck: { Key: key, ConditionExpression: 'attribute_exists(pk)' } },
    ]));
    const [put, update, del, check] = sent[0]!.input.TransactItems;
    expect(put.Put.Item.lastCorrelationId).toBe('web-3');
    expect(update.Update.ExpressionAttributeValues[':lastCorrelationId']).toBe('web-3');
    expect(del.Delete).toEqual({ TableName: 'table', Key: key });
    expect(check.ConditionCheck).toEqual({ TableName: 'table', Key: key, ConditionExpression: 'attribute_exists(pk)' });
  });

  it('and nothing is added outside a request (start-up, seeding)', async () => {
    await table.put({ ...key, name: 'n' });
    await table.update(key, { expression: 'SET a = :a', values: { ':a': 1 } });
    expect(sent[0]!.input.Item).toEqual({ ...key, name: 'n' });
    expect(sent[1]!.input.UpdateExpression).toBe('SET a = :a');
  });
});

describe('httpHandler answers with the id', () => {
  const echo = route({
    method: 'POST', path: '/echo', operationId: 'echo', area: 'test', auth: ['admin'], summary: 'test',
    body: z.object({ n: z.number().int() }).strict(),
    response: z.object({ n: z.number(), seen: z.string().optional() }),
  });
  const ctx = { functionName: 'f', awsRequestId: 'r', getRemainingTimeInMillis: () => 1000 } as unknown as Context;
  const event = (headers: Record<string, string>, body = '{"n":1}') => ({
    body, headers, pathParameters: null, queryStringParameters: null, isBase64Encoded: false,
    requestContext: { requestId: 'apigw-req-1', authorizer: { claims: { sub: 'u1', 'cognito:groups': 'admin' } } },
  }) as unknown as APIGatewayProxyEvent;
  const admit = async () => ({ account: { profile: {}, settings: {} }, extra: [] }) as never;

  it('on success, and the use case runs under it', async () => {
    const handler = httpHandler(echo, async ({ body }) => ({ n: body.n, seen: currentCorrelationId() }), { admit });
    const res = await handler(event({ 'X-Correlation-Id': 'web-42' }), ctx);
    expect(res.headers?.['x-correlation-id']).toBe('web-42');
    expect(JSON.parse(res.body).seen).toBe('web-42');
  });

  it('on a refusal, a domain error and a crash, falling back to the request id', async () => {
    const fail = (e: Error) => httpHandler(echo, async () => { throw e; }, { admit });
    const bad = await fail(new Error('x'))(event({}, '{'), ctx);
    const domain = await fail(new DomainError('not_found', 404))(event({ 'x-correlation-id': 'web-404' }), ctx);
    const crash = await fail(new Error('boom'))(event({ 'x-correlation-id': 'bad id' }), ctx);
    expect([bad.statusCode, domain.statusCode, crash.statusCode]).toEqual([400, 404, 500]);
    expect(bad.headers?.['x-correlation-id']).toBe('apigw-req-1');
    expect(domain.headers?.['x-correlation-id']).toBe('web-404');
    expect(crash.headers?.['x-correlation-id']).toBe('apigw-req-1');
  });
});

import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { route } from '../../../shared/src/contract/route';
import { DomainError } from '../../../shared/src/domain/errors';
import { httpHandler } from '../../../lambdas/src/middleware/http-handler';

const echo = route({
  method: 'POST', path: '/echo/{id}', operationId: 'echo', area: 'test', auth: ['admin'], summary: 'test',
  params: z.object({ id: z.string().regex(/^\d+$/) }),
  body: z.object({ n: z.number().int() }).strict(),
  response: z.object({ id: z.string(), n: z.number() }),
});

const ctx = { functionName: 'f', awsRequestId: 'r', getRemainingTimeInMillis: () => 1000 } as unknown as Context;
const event = (over: Partial<APIGatewayProxyEvent> & { groups?: string } = {}): APIGatewayProxyEvent => ({
  body: JSON.stringify({ n: 1 }), pathParameters: { id: '7' }, queryStringParameters: null, headers: {},
  isBase64Encoded: false,
  requestContext: { authorizer: over.groups === '' ? null : { claims: { sub: 'u1', 'cognito:groups': over.groups ?? 'admin' } } },
  ...over,
} as unknown as APIGatewayProxyEvent);

const admitted = async () => ({ account: { profile: {}, settings: {} }, extra: [] }) as never;

const call = async (impl: Parameters<typeof httpHandler<any, any, any, any>>[1], e: APIGatewayProxyEvent, admit = admitted) => {
  const res = await httpHandler(echo, impl, { admit })(e, ctx);
  return { status: res.statusCode, body: JSON.parse(res.body), headers: res.headers };
};

describe('httpHandler: parse, authorize, map errors', () => {
  const ok = async ({ params, body }: { params: { id: string }; body: { n: number } }) => ({ id: params.id, n: body.n, extra: 'dropped' });

  it('passes typed input and drops fields outside the response schema', async () => {
    const res = await call(ok as never, event());
    expect(res).toMatchObject({ status: 200, body: { id: '7', n: 1 } });
    expect(res.body).not.toHaveProperty('extra');
    expect(res.headers?.['x-ddb-round-trips']).toBe('0');
  });

  it.each([
    ['no claims', event({ groups: '' }), 401, 'not_logged_in'],
    ['a role not allowed', event({ groups: 'rider' }), 403, 'forbidden'],
    ['malformed JSON', event({ body: '{' }), 400, 'invalid_json'],
    ['an unknown field', event({ body: '{"n":1,"role":"admin"}' }), 400, 'validation_error'],
    ['a bad path parameter', event({ pathParameters: { id: 'x' } }), 400, 'validation_error'],
  ])('refuses %s', async (_n, e, status, code) => {
    const res = await call(ok as never, e);
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
  });

  it('refuses a caller the admission check turns away, before the use case runs', async () => {
    let ran = false;
    const res = await call(async () => { ran = true; return { id: '1', n: 1 }; }, event(), async () => { throw new DomainError('require_approval', 403); });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('require_approval');
    expect(ran).toBe(false);
  });

  it('maps a DomainError to its status and key with the English text', async () => {
    const res = await call(async () => { throw new DomainError('past_booking_error', 400); }, event());
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'past_booking_error' });
    expect(res.body.error.message).not.toBe('past_booking_error');
  });

  it('hides unexpected errors behind a 500 without a stack', async () => {
    const res = await call(async () => { throw new Error('secret detail at /x/y.ts:1'); }, event());
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('secret');
  });

  it('treats a response that breaks the contract as a server error', async () => {
    const res = await call(async () => ({ id: 7 }) as never, event());
    expect(res.status).toBe(500);
  });
});

describe('httpHandler: idempotency comes with the routes the contract marks', () => {
  const once = route({ ...echo, operationId: 'echoOnce', idempotent: true });
  const idempotency = () => import('../../../lambdas/src/middleware/run-once');
  const impl = (async () => ({ id: '7', n: 1 })) as never;

  it('refuses, when the handler is made, an idempotent route without idempotency and a plain route with it', () => {
    expect(() => httpHandler(once, impl)).toThrow(/echoOnce is idempotent in the contract/);
    expect(() => httpHandler(echo, impl, { idempotency })).toThrow(/echo is not idempotent in the contract/);
    expect(typeof httpHandler(once, impl, { idempotency })).toBe('function');
  });
});

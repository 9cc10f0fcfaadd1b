import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { Role } from '../../shared/src/contract/route';
import { routes, type OperationId } from '../../shared/src/contract/routes';
import { api, DEMO, idToken } from './support/endpoints';
import { sampleRequests } from './support/sample-requests';

/**
 * quality.md "Bad input", for every route of the contract: malformed JSON and unknown fields in a
 * body, and malformed path parameters, get a 4xx with the error shape, never a 5xx.
 */
describe('bad input, every route', () => {
  const tokens: Partial<Record<Role, string>> = {};
  beforeAll(async () => {
    for (const r of ['admin', 'fleetadmin', 'driver', 'rider'] as const) tokens[r] = await idToken(DEMO[r]);
  });
  const tokenFor = (auth: 'public' | readonly Role[]) => (auth === 'public' ? undefined : tokens[auth.includes('admin') ? 'admin' : auth[0]!]);

  for (const r of routes.filter((x) => x.body)) {
    // A form post or a provider's signed webhook is not JSON: broken bytes there fail their own check.
    const json = (r.bodyEncoding ?? 'json') === 'json';
    it(`${r.operationId}: malformed JSON → 400 ${json ? 'invalid_json' : '(not JSON: its own check)'}`, async () => {
      const sample = await sampleRequests[r.operationId as OperationId]();
      const res = await api(r.method, sample.path, { token: tokenFor(r.auth), rawBody: '{"oops": ' });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: json ? 'invalid_json' : expect.any(String), message: expect.any(String) });
    });

    it(`${r.operationId}: an unknown field → 400`, async () => {
      const sample = await sampleRequests[r.operationId as OperationId]();
      const body = { ...(sample.body as object), notInTheContract: true };
      const res = await api(r.method, sample.path, { token: tokenFor(r.auth), body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.code).toEqual(expect.any(String));
    });

    it(`${r.operationId}: a body of the wrong type → 400`, async () => {
      const sample = await sampleRequests[r.operationId as OperationId]();
      const res = await api(r.method, sample.path, { token: tokenFor(r.auth), body: ['not', 'an', 'object'] });
      expect(res.status).toBe(400);
    });
  }

  for (const r of routes.filter((x) => x.params instanceof z.ZodMiniObject && Object.keys(x.params.shape).length)) {
    it(`${r.operationId}: a malformed path parameter → 4xx, not 5xx`, async () => {
      const path = r.path.replace(/\{\w+\}/g, encodeURIComponent('../bad id!'));
      const sample = await sampleRequests[r.operationId as OperationId]();
      const res = await api(r.method, path, { token: tokenFor(r.auth), body: sample.body });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.error).toMatchObject({ code: expect.any(String) });
    });
  }
});

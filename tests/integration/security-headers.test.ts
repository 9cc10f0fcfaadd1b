import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../shared/src/contract/route';
import { routes, type OperationId } from '../../shared/src/contract/routes';
import { api, DEMO, endpoints, idToken } from './support/endpoints';
import { destructive, sampleRequests } from './support/sample-requests';

/**
 * Security headers as a class: every route's answer (the handler's, and the gateway's own refusal)
 * carries `X-Content-Type-Options: nosniff`, and CORS lets only the site's own origin read an
 * answer from script: a page on another site gets no Access-Control-Allow-Origin, on a preflight
 * or on the call itself.
 */
const FOREIGN = 'https://evil.example';
const site = () => (endpoints().siteUrl ? new URL(endpoints().siteUrl).origin : new URL(endpoints().apiUrl).origin);

describe('X-Content-Type-Options: nosniff on every route', () => {
  const tokens = {} as Record<Role, string>;
  beforeAll(async () => {
    for (const role of ['rider', 'driver', 'fleetadmin', 'admin'] as const) tokens[role] = await idToken(DEMO[role]);
  });

  for (const r of routes) {
    const op = r.operationId as OperationId;
    const who = r.auth === 'public' ? undefined : r.auth[0]!;
    it(`${r.method} ${r.path} (${op}): the handler's answer and the gateway's refusal`, async () => {
      const sample = await sampleRequests[op]();
      if (!destructive.has(op)) {
        const res = await api(r.method, sample.path, { token: who ? tokens[who] : undefined, body: sample.body, rawBody: sample.rawBody, headers: sample.headers });
        expect(res.headers.get('x-content-type-options'), `${res.status}`).toBe('nosniff');
      }
      // Without a token (or with a bad one on public routes' neighbours), the answer is the gateway's own.
      const refused = await api(r.method, sample.path, { authorization: who ? 'Bearer not-a-token' : undefined, body: sample.body, rawBody: sample.rawBody, headers: sample.headers });
      expect(refused.headers.get('x-content-type-options'), `${refused.status}`).toBe('nosniff');
    });
  }

  it('an unknown route and a wrong method answer with nosniff too', async () => {
    expect((await api('GET', '/no/such/route')).headers.get('x-content-type-options')).toBe('nosniff');
    expect((await api('DELETE', '/settings')).headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('CORS: only the site\'s own origin', () => {
  const preflight = (path: string, origin: string) => fetch(`${endpoints().apiUrl}${path}`, {
    method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
  });

  it('a preflight from another site is not allowed; from the site it is', async () => {
    const foreign = await preflight('/bookings', FOREIGN);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const own = await preflight('/bookings', site());
    expect(own.headers.get('access-control-allow-origin')).toBe(site());
    expect(own.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });

  it.each(routes.filter((r) => r.method === 'GET').map((r) => [r.operationId, r] as const))('%s: another site cannot read the answer; the site can', async (op, r) => {
    const sample = await sampleRequests[op as OperationId]();
    const token = r.auth === 'public' ? undefined : await idToken(DEMO[r.auth[0]!]);
    const foreign = await api('GET', sample.path, { token, headers: { origin: FOREIGN } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const own = await api('GET', sample.path, { token, headers: { origin: site() } });
    expect(own.headers.get('access-control-allow-origin')).toBe(site());
    expect(own.headers.get('vary')?.toLowerCase()).toContain('origin');
  });

  it('the gateway\'s own refusals follow the same rule', async () => {
    expect((await api('GET', '/me', { headers: { origin: FOREIGN } })).headers.get('access-control-allow-origin')).toBeNull();
    expect((await api('GET', '/me', { headers: { origin: site() } })).headers.get('access-control-allow-origin')).toBe(site());
  });

  it.runIf(endpoints().siteUrl !== '')('the site\'s Cognito endpoint answers another site without CORS, and with nosniff', async () => {
    const res = await fetch(endpoints().cognitoEndpoint, {
      method: 'POST',
      headers: { origin: FOREIGN, 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: endpoints().userPoolClientId, AuthParameters: { USERNAME: DEMO.rider, PASSWORD: endpoints().password } }),
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

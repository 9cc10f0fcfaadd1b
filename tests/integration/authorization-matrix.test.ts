import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/src/contract/route';
import { contract, routes, type OperationId } from '../../shared/src/contract/routes';
import { api, DEMO, idToken } from './support/endpoints';
import { destructive, needsSetup, refusedByRule, sampleRequests } from './support/sample-requests';

type Who = 'anonymous' | Role;
const WHO: Who[] = ['anonymous', ...ROLES];

/** quality.md: every route x every kind of caller, exactly the allowed pairs succeed. */
describe('authorization matrix (spec §2, §6)', () => {
  const tokens: Partial<Record<Role, string>> = {};
  beforeAll(async () => {
    for (const r of ROLES) tokens[r] = await idToken(DEMO[r]);
  });

  // The sixth kind of caller: a signed-in driver whom an admin has unapproved.
  let unapproved = '';
  beforeAll(async () => {
    const n = Date.now().toString(36);
    const body = { usertype: 'driver', firstName: 'Una', lastName: 'Pproved', email: `unapproved-${n}@example.com`, mobile: `+1666${String(Date.now()).slice(-8)}`, password: 'Unapproved1', carType: 'Economy' };
    const added = await api('POST', '/users', { token: tokens.admin, body });
    await api('POST', `/users/${added.body.id}/approval`, { token: tokens.admin, body: { approved: false } });
    unapproved = await idToken(body.email, body.password);
  });

  for (const r of routes) {
    const op = r.operationId as OperationId;
    const expected = r.auth === 'public' ? 'allowed' : r.auth.includes('driver') ? 'require_approval' : 'forbidden';
    it(`${r.operationId} as an unapproved driver: ${expected}`, async () => {
      const sample = await sampleRequests[op]();
      const res = await api(r.method, sample.path, { token: unapproved, body: sample.body, rawBody: sample.rawBody, headers: sample.headers });
      if (expected === 'allowed' && needsSetup.has(op)) expect(res.status, JSON.stringify(res.body)).toBe(404);
      else if (expected === 'allowed') expect(res.status, JSON.stringify(res.body)).toBeLessThan(r.redirect ? 400 : 300);
      else expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 403, code: expected });
    });
  }

  it('has a sample request for every route', () => {
    for (const r of routes) expect(sampleRequests[r.operationId as OperationId], r.operationId).toBeDefined();
  });

  for (const r of routes) {
    for (const who of WHO) {
      const allowed = r.auth === 'public' || (who !== 'anonymous' && r.auth.includes(who));
      const expected = allowed ? 'allowed' : who === 'anonymous' ? 401 : 403;
      const op = r.operationId as OperationId;
      if (allowed && destructive.has(op)) continue;
      it(`${r.operationId} as ${who}: ${expected}`, async () => {
        const sample = await sampleRequests[op]();
        const res = await api(r.method, sample.path, { token: who === 'anonymous' ? undefined : tokens[who], body: sample.body, rawBody: sample.rawBody, headers: sample.headers });
        if (allowed) {
          const byRule = who !== 'anonymous' ? refusedByRule[op]?.[who] : undefined;
          if (byRule) expect(res.status, JSON.stringify(res.body)).toBe(byRule);
          else if (needsSetup.has(op)) expect(res.status, JSON.stringify(res.body)).toBe(404);
          else expect(res.status, JSON.stringify(res.body)).toBeLessThan(r.redirect ? 400 : 300);
        } else {
          expect(res.status).toBe(expected);
          expect(res.body).toMatchObject({ error: { code: who === 'anonymous' ? 'not_logged_in' : 'forbidden' } });
        }
      });
    }
  }

  it('keeps each caller to their own profile', async () => {
    const rider = await api('GET', '/me', { token: tokens.rider });
    const driver = await api('GET', '/me', { token: tokens.driver });
    expect(rider.body.email).toBe(DEMO.rider);
    expect(driver.body.email).toBe(DEMO.driver);
    expect(contract.fetchUser.params).toBeUndefined();
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { api, DEMO, idToken } from './support/endpoints';
import { samplePromo } from './support/sample-requests';
import { inDemoMode } from './support/settings-helpers';

let n = 0;
const fresh = () => `P${Date.now().toString(36)}${(n++).toString(36)}`.toUpperCase();

describe('promos (spec §3 Promo, editPromo)', () => {
  let admin: string;
  beforeAll(async () => { admin = await idToken(DEMO.admin); });

  const list = async () => (await api('GET', '/promos', { token: admin })).body.items as any[];
  const add = (body: unknown) => api('POST', '/promos', { token: admin, body });

  it('adds a promo with every §3 field; user_avail starts at 0; newest first', async () => {
    const body = { ...samplePromo(fresh()), promo_discount_type: 'flat', promo_discount_value: 2.5 };
    const res = await add(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ ...body, user_avail: 0, version: 1, createdAt: expect.any(String), id: expect.any(String) });
    expect((await list())[0]).toEqual(res.body);
  });

  describe('bad input: 400/409, nothing written', () => {
    it.each([
      ['a negative discount', (b: any) => { b.promo_discount_value = -1; }, 400],
      ['a negative minimum order', (b: any) => { b.min_order = -5; }, 400],
      ['a negative maximum discount', (b: any) => { b.max_promo_discount_value = -0.5; }, 400],
      ['a percentage over 100', (b: any) => { b.promo_discount_type = 'percentage'; b.promo_discount_value = 101; }, 400],
      ['an unknown discount type', (b: any) => { b.promo_discount_type = 'percent'; }, 400],
      ['a client-set user_avail', (b: any) => { b.user_avail = 5; }, 400],
      ['an unknown field', (b: any) => { b.free_rides = true; }, 400],
      ['an impossible date', (b: any) => { b.promo_validity = '2030-02-30'; }, 400],
      ['a date in another format', (b: any) => { b.promo_validity = '31/12/2030'; }, 400],
      ['a zero usage limit', (b: any) => { b.promo_usage_limit = 0; }, 400],
      ['a fractional usage limit', (b: any) => { b.promo_usage_limit = 1.5; }, 400],
      ['a name with spaces', (b: any) => { b.promo_name = 'TWO WORDS'; }, 400],
      ['a blank name', (b: any) => { b.promo_name = ''; }, 400],
    ])('%s', async (_l, mutate, status) => {
      const before = await list();
      const body = samplePromo(fresh());
      mutate(body);
      const res = await add(body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.error).toMatchObject({ code: 'validation_error', message: expect.any(String) });
      expect(await list()).toEqual(before);
    });

    it('a name that is taken, in any case', async () => {
      const name = fresh();
      expect((await add(samplePromo(name))).status).toBe(201);
      const before = await list();
      const res = await add(samplePromo(name.toLowerCase()));
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('name_exists');
      expect(await list()).toEqual(before);
    });
  });

  it('updates at the current version only; user_avail is never the caller\'s', async () => {
    const created = (await add(samplePromo(fresh()))).body;
    const withAvail = await api('PUT', `/promos/${created.id}`, { token: admin, body: { version: 1, promo: { ...samplePromo(created.promo_name), user_avail: 99 } } });
    expect(withAvail.status).toBe(400);
    const results = await Promise.all([3, 4].map((min_order) =>
      api('PUT', `/promos/${created.id}`, { token: admin, body: { version: 1, promo: { ...samplePromo(created.promo_name), min_order } } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const stored = (await list()).find((p) => p.id === created.id);
    expect(stored).toEqual(results.find((r) => r.status === 200)!.body);
    expect(stored.user_avail).toBe(0);
  });

  it('bad updates and deletes change nothing', async () => {
    const created = (await add(samplePromo(fresh()))).body;
    const before = await list();
    for (const body of [
      { version: 1, promo: { ...samplePromo(created.promo_name), min_order: -1 } },
      { version: 1, promo: { ...samplePromo(created.promo_name), promo_discount_value: 100.5 } },
      { version: 1 },
      { version: 1, promo: samplePromo(created.promo_name), extra: true },
    ]) {
      const res = await api('PUT', `/promos/${created.id}`, { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await api('PUT', `/promos/${created.id}`, { token: admin, body: { version: 9, promo: samplePromo(created.promo_name) } })).status).toBe(409);
    expect((await api('PUT', '/promos/missing', { token: admin, body: { version: 1, promo: samplePromo(fresh()) } })).status).toBe(404);
    expect((await api('DELETE', `/promos/${created.id}?version=abc`, { token: admin })).status).toBe(400);
    expect((await api('DELETE', `/promos/${created.id}?version=9`, { token: admin })).status).toBe(409);
    expect(await list()).toEqual(before);
  });

  it('deletes; a second delete is 404', async () => {
    const created = (await add(samplePromo(fresh()))).body;
    expect((await api('DELETE', `/promos/${created.id}?version=1`, { token: admin })).status).toBe(200);
    expect((await api('DELETE', `/promos/${created.id}`, { token: admin })).status).toBe(404);
    expect((await list()).some((p) => p.id === created.id)).toBe(false);
  });

  it('only admins see or change promos', async () => {
    for (const who of [DEMO.rider, DEMO.driver, DEMO.fleetadmin]) {
      const token = await idToken(who);
      expect((await api('GET', '/promos', { token })).status).toBe(403);
      expect((await api('POST', '/promos', { token, body: samplePromo(fresh()) })).status).toBe(403);
    }
  });

  it('demo mode refuses add, update and delete with demo_mode', async () => {
    const created = (await add(samplePromo(fresh()))).body;
    await inDemoMode(async () => {
      const before = await list();
      const results = await Promise.all([
        add(samplePromo(fresh())),
        api('PUT', `/promos/${created.id}`, { token: admin, body: { version: 1, promo: samplePromo(created.promo_name) } }),
        api('DELETE', `/promos/${created.id}`, { token: admin }),
      ]);
      for (const res of results) {
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe('demo_mode');
      }
      expect(await list()).toEqual(before);
    });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { api, DEMO, endpoints, idToken } from './support/endpoints';
import { sampleCarType } from './support/sample-requests';
import { inDemoMode } from './support/settings-helpers';
import { postForm } from './support/uploads';

let n = 0;
const fresh = (prefix = 'Car') => `${prefix} ${Date.now().toString(36)}${(n++).toString(36)}`;

/** The smallest valid PNG (1x1, transparent). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('car types (spec §2 /cartypes, §3 Car type)', () => {
  let admin: string;
  let rider: string;
  beforeAll(async () => {
    admin = await idToken(DEMO.admin);
    rider = await idToken(DEMO.rider);
  });

  const list = async () => (await api('GET', '/cartypes')).body.items as any[];
  const add = (body: unknown) => api('POST', '/cartypes', { token: admin, body });

  it('anyone reads the seeded car types, amounts as two-decimal numbers', async () => {
    const items = await list();
    expect(items.map((c) => c.name)).toEqual(expect.arrayContaining(['Economy', 'Comfort', 'Van']));
    const van = items.find((c) => c.name === 'Van');
    expect(van.parcelTypes[0]).toEqual({ description: 'Documents', amount: 2 });
    expect(van.rate_per_unit_distance).toBe(2.2);
  });

  it('an admin adds a car type with parcel types, options and a slab; a visitor sees it at once', async () => {
    const body = sampleCarType(fresh());
    body.cancelSlab = [{ minsDelayed: 15, amount: 4.5 }, { minsDelayed: 5, amount: 2.05 }];
    const res = await add(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ name: body.name, version: 1, rate_per_unit_distance: 1.25, convenience_fee_type: 'percent', image: '' });
    // The slab is kept in minsDelayed order.
    expect(res.body.cancelSlab).toEqual([{ minsDelayed: 5, amount: 2.05 }, { minsDelayed: 15, amount: 4.5 }]);
    const seen = (await list()).find((c) => c.id === res.body.id);
    expect(seen).toEqual(res.body);
  });

  it('accepts all three fee spellings, a flat fee above 100 and a percent fee of exactly 100', async () => {
    for (const [type, fee] of [['flat', 150], ['percent', 100], ['percentage', 0.5]] as const) {
      const res = await add({ ...sampleCarType(fresh()), convenience_fee_type: type, convenience_fees: fee });
      expect(res.status, `${type} ${fee}: ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body.convenience_fees).toBe(fee);
    }
  });

  describe('bad input: 4xx, the error shape, nothing written', () => {
    const cases: [string, (b: any) => void, number, string][] = [
      ['a negative base fare', (b) => { b.base_fare = -1; }, 400, 'validation_error'],
      ['a negative parcel amount', (b) => { b.parcelTypes = [{ description: 'Box', amount: -2 }]; }, 400, 'validation_error'],
      ['a negative option amount', (b) => { b.options = [{ description: 'Fast', amount: -0.01 }]; }, 400, 'validation_error'],
      ['a negative slab amount', (b) => { b.cancelSlab = [{ minsDelayed: 5, amount: -1 }]; }, 400, 'validation_error'],
      ['a negative slab delay', (b) => { b.cancelSlab = [{ minsDelayed: -5, amount: 1 }]; }, 400, 'validation_error'],
      ['two slab rows with one delay', (b) => { b.cancelSlab = [{ minsDelayed: 5, amount: 1 }, { minsDelayed: 5, amount: 2 }]; }, 400, 'validation_error'],
      ['three decimals', (b) => { b.min_fare = 1.234; }, 400, 'validation_error'],
      ['a wrong fee type', (b) => { b.convenience_fee_type = 'fixed'; }, 400, 'validation_error'],
      ['a percent fee over 100', (b) => { b.convenience_fee_type = 'percent'; b.convenience_fees = 100.01; }, 400, 'validation_error'],
      ['a percentage fee over 100', (b) => { b.convenience_fee_type = 'percentage'; b.convenience_fees = 250; }, 400, 'validation_error'],
      ['an amount that is not a decimal', (b) => { b.base_fare = '3abc'; }, 400, 'validation_error'],
      ['a blank name', (b) => { b.name = '   '; }, 400, 'validation_error'],
      ['a missing field', (b) => { delete b.rate_per_hour; }, 400, 'validation_error'],
      ['an unknown field', (b) => { b.surge = 2; }, 400, 'validation_error'],
      ['a client-chosen id', (b) => { b.id = 'mine'; }, 400, 'validation_error'],
      ['a client-chosen version', (b) => { b.version = 99; }, 400, 'validation_error'],
      ['an unknown field in a parcel row', (b) => { b.parcelTypes = [{ description: 'Box', amount: 1, hidden: true }]; }, 400, 'validation_error'],
      ['an image that is not an upload key', (b) => { b.image = 'https://evil.example/x.png'; }, 400, 'validation_error'],
      ['an upload key that was never uploaded', (b) => { b.image = 'public/cartypes/00000000-0000-4000-8000-000000000000'; }, 400, 'validation_error'],
      ['the name of a seeded car type', (b) => { b.name = 'Economy'; }, 409, 'name_exists'],
      ['a seeded name in other case and spacing', (b) => { b.name = '  eCONomy '; }, 409, 'name_exists'],
    ];
    it.each(cases)('%s', async (_label, mutate, status, code) => {
      const before = await list();
      const body = sampleCarType(fresh('Bad'));
      mutate(body);
      const res = await add(body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body).toMatchObject({ error: { code, message: expect.any(String) } });
      expect(await list()).toEqual(before);
    });

    it('malformed JSON', async () => {
      const res = await api('POST', '/cartypes', { token: admin, rawBody: '{"name":' });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_json');
    });

    it('an update that renames onto another car type, or carries bad fields, changes nothing', async () => {
      const mine = (await add(sampleCarType(fresh()))).body;
      for (const carType of [{ ...sampleCarType('Comfort') }, { ...sampleCarType(mine.name), convenience_fees: 101 }, { ...sampleCarType(mine.name), min_fare: -3 }]) {
        const res = await api('PUT', `/cartypes/${mine.id}`, { token: admin, body: { version: mine.version, carType } });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
      const res = await api('PUT', `/cartypes/${mine.id}`, { token: admin, body: { version: mine.version, carType: sampleCarType('comfort') } });
      expect(res.body.error.code).toBe('name_exists');
      expect((await list()).find((c) => c.id === mine.id)).toEqual(mine);
    });

    it('unknown ids give 404; a bad id gives 400', async () => {
      expect((await api('PUT', '/cartypes/nope', { token: admin, body: { version: 1, carType: sampleCarType(fresh()) } })).status).toBe(404);
      expect((await api('DELETE', '/cartypes/nope', { token: admin })).status).toBe(404);
      expect((await api('DELETE', '/cartypes/a%20b', { token: admin })).status).toBe(400);
      expect((await api('DELETE', '/cartypes/x?version=-1', { token: admin })).status).toBe(400);
    });
  });

  it('an update bumps the version, keeps createdAt, and may rename; the old name is free again', async () => {
    const created = (await add(sampleCarType(fresh()))).body;
    const renamed = fresh('Renamed');
    const res = await api('PUT', `/cartypes/${created.id}`, { token: admin, body: { version: 1, carType: { ...sampleCarType(renamed), base_fare: 9.99, parcelTypes: [] } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, name: renamed, version: 2, base_fare: 9.99, parcelTypes: [], createdAt: created.createdAt });
    expect((await add(sampleCarType(created.name))).status).toBe(201);
  });

  it('two admins saving one car type with the same version: one 200, one 409, no lost update', async () => {
    const created = (await add(sampleCarType(fresh()))).body;
    const a = { ...sampleCarType(created.name), base_fare: 11 };
    const b = { ...sampleCarType(created.name), base_fare: 22 };
    const results = await Promise.all([a, b].map((carType) => api('PUT', `/cartypes/${created.id}`, { token: admin, body: { version: created.version, carType } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!.body;
    expect(results.find((r) => r.status === 409)!.body.error.code).toBe('conflict');
    const stored = (await list()).find((c) => c.id === created.id);
    expect(stored).toEqual(winner);
    expect(stored.version).toBe(2);
  });

  it('many admins at once: exactly one save per version', async () => {
    const created = (await add(sampleCarType(fresh()))).body;
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => api('PUT', `/cartypes/${created.id}`, {
      token: admin, body: { version: 1, carType: { ...sampleCarType(created.name), base_fare: i + 1 } },
    })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
  });

  it('two admins creating one name at once: exactly one car type', async () => {
    const name = fresh('Race');
    const results = await Promise.all(Array.from({ length: 6 }, () => add(sampleCarType(name))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error.code === 'name_exists')).toBe(true);
    expect((await list()).filter((c) => c.name === name)).toHaveLength(1);
  });

  it('deletes only at the current version; a deleted name can be used again', async () => {
    const created = (await add(sampleCarType(fresh()))).body;
    const stale = await api('DELETE', `/cartypes/${created.id}?version=7`, { token: admin });
    expect(stale.status).toBe(409);
    const res = await api('DELETE', `/cartypes/${created.id}?version=1`, { token: admin });
    expect(res.status).toBe(200);
    expect((await list()).some((c) => c.id === created.id)).toBe(false);
    expect((await add(sampleCarType(created.name))).status).toBe(201);
  });

  it('image upload: presigned POST, then the key on save; the site serves the image', async () => {
    const ticket = await api('POST', '/cartypes/image-upload-url', { token: admin, body: { contentType: 'image/png', size: PNG.length } });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
    expect(ticket.body.key).toMatch(/^public\/cartypes\//);
    const post = await postForm(ticket.body, PNG, 'image/png');
    expect(post.status).toBeLessThan(300);

    const created = await add({ ...sampleCarType(fresh()), image: ticket.body.key });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.image).toBe(`/${ticket.body.key}`);
    const img = await fetch(`${endpoints().siteUrl}${created.body.image}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toContain('image/png');

    // Omitting the image keeps it; null removes it.
    const kept = await api('PUT', `/cartypes/${created.body.id}`, { token: admin, body: { version: 1, carType: sampleCarType(created.body.name) } });
    expect(kept.body.image).toBe(created.body.image);
    const removed = await api('PUT', `/cartypes/${created.body.id}`, { token: admin, body: { version: 2, carType: { ...sampleCarType(created.body.name), image: null } } });
    expect(removed.body.image).toBe('');
  });

  it('refuses uploads that are not small images', async () => {
    for (const body of [{ contentType: 'image/gif', size: 10 }, { contentType: 'image/png', size: 6 * 1024 * 1024 }, { contentType: 'image/png', size: 0 }]) {
      expect((await api('POST', '/cartypes/image-upload-url', { token: admin, body })).status).toBe(400);
    }
  });

  it('non-admins cannot change car types', async () => {
    const res = await api('POST', '/cartypes', { token: rider, body: sampleCarType(fresh()) });
    expect(res.status).toBe(403);
  });

  it('demo mode refuses adds, edits, deletes and uploads with demo_mode and writes nothing', async () => {
    const created = (await add(sampleCarType(fresh()))).body;
    await inDemoMode(async () => {
      const before = await list();
      const attempts = await Promise.all([
        add(sampleCarType(fresh())),
        api('PUT', `/cartypes/${created.id}`, { token: admin, body: { version: 1, carType: { ...sampleCarType(created.name), base_fare: 50 } } }),
        api('DELETE', `/cartypes/${created.id}`, { token: admin }),
        api('POST', '/cartypes/image-upload-url', { token: admin, body: { contentType: 'image/png', size: 100 } }),
      ]);
      for (const res of attempts) {
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe('demo_mode');
      }
      expect(await list()).toEqual(before);
      // Reading stays open.
      expect((await api('GET', '/cartypes')).status).toBe(200);
    });
    expect((await api('DELETE', `/cartypes/${created.id}`, { token: admin })).status).toBe(200);
  });

  it('a change reaches `catalog` subscribers through the table stream', async () => {
    const ws = new WebSocket(`${endpoints().wsUrl}?token=${encodeURIComponent(rider)}`);
    try {
      await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
      const messages: any[] = [];
      ws.on('message', (d) => messages.push(JSON.parse(d.toString())));
      ws.send(JSON.stringify({ action: 'subscribe', topic: 'catalog' }));
      await expect.poll(() => messages.some((m) => m.type === 'subscribed'), { timeout: 5000 }).toBe(true);
      const created = (await add(sampleCarType(fresh()))).body;
      await expect.poll(() => messages.find((m) => m.type === 'event' && m.id === `CARTYPE#${created.id}`), { timeout: 10_000 })
        .toMatchObject({ topic: 'catalog', change: 'INSERT' });
    } finally {
      ws.close();
    }
  });
});

describe('a car type in use by drivers (spec §3: drivers hold their car type by name)', () => {
  it('cannot be renamed or deleted until its drivers move; other edits go through', async () => {
    const admin = await idToken(DEMO.admin);
    const n = Date.now().toString(36);
    const created = await api('POST', '/cartypes', { token: admin, body: sampleCarType(`inuse${n}`) });
    expect(created.status).toBe(201);
    const name = created.body.name as string;
    const driver = await api('POST', '/users', {
      token: admin,
      body: { usertype: 'driver', firstName: 'Ina', lastName: 'Use', email: `inuse-${n}@example.com`, mobile: `+1555${String(Date.now()).slice(-7)}`, password: 'Inuse1234', carType: name },
    });
    expect(driver.status).toBe(201);

    const renamed = await api('PUT', `/cartypes/${created.body.id}`, { token: admin, body: { version: created.body.version, carType: { ...sampleCarType(`other${n}`) } } });
    expect(renamed.status).toBe(409);
    expect(renamed.body.error.code).toBe('car_type_in_use');
    const deleted = await api('DELETE', `/cartypes/${created.body.id}?version=${created.body.version}`, { token: admin });
    expect(deleted.body.error.code).toBe('car_type_in_use');

    expect((await api('PATCH', `/users/${driver.body.id}`, { token: admin, body: { carType: 'Economy' } })).status).toBe(200);
    const after = await api('DELETE', `/cartypes/${created.body.id}?version=${created.body.version}`, { token: admin });
    expect(after.status).toBe(200);
  });
});

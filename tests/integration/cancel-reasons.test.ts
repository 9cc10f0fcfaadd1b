import { beforeAll, describe, expect, it } from 'vitest';
import { api, DEMO, idToken } from './support/endpoints';
import { inDemoMode } from './support/settings-helpers';

type List = { items: { label: string; value: number }[]; version: number };

describe('cancellation reasons (spec §3, §5)', () => {
  let admin: string;
  beforeAll(async () => { admin = await idToken(DEMO.admin); });

  const list = async (): Promise<List> => {
    const res = await api('GET', '/cancelreasons', { token: admin });
    expect(res.status).toBe(200);
    return res.body;
  };
  const expectDense = (l: List) => expect(l.items.map((r) => r.value)).toEqual(l.items.map((_, i) => i));
  const add = async (label: string) => {
    const res = await api('POST', '/cancelreasons', { token: admin, body: { label, version: (await list()).version } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as List;
  };

  it('every signed-in role reads them in value order; visitors do not', async () => {
    for (const who of [DEMO.rider, DEMO.driver, DEMO.fleetadmin, DEMO.admin]) {
      const res = await api('GET', '/cancelreasons', { token: await idToken(who) });
      expect(res.status).toBe(200);
      expectDense(res.body);
      expect(res.body.items.map((r: { label: string }) => r.label)).toContain('Changed my mind');
    }
    expect((await api('GET', '/cancelreasons')).status).toBe(401);
  });

  it('adds at the end, relabels in place, deletes and renumbers 0..n-1', async () => {
    const a = await add(`Alpha ${Date.now()}`);
    const b = await add(`Bravo ${Date.now()}`);
    expect(b.items.at(-1)!.value).toBe(b.items.length - 1);
    expect(b.version).toBe(a.version + 1);

    const idx = b.items.length - 2;
    const relabeled = await api('PUT', `/cancelreasons/${idx}`, { token: admin, body: { label: 'Alpha renamed', version: b.version } });
    expect(relabeled.status).toBe(200);
    expect(relabeled.body.items[idx]).toEqual({ label: 'Alpha renamed', value: idx });

    const del = await api('DELETE', `/cancelreasons/0?version=${relabeled.body.version}`, { token: admin });
    expect(del.status).toBe(200);
    expectDense(del.body);
    expect(del.body.items.map((r: { label: string }) => r.label)).toEqual(relabeled.body.items.slice(1).map((r: { label: string }) => r.label));
    expect(await list()).toEqual(del.body);
  });

  describe('bad input: 4xx, nothing written', () => {
    it.each([
      ['a blank label', 'POST', '/cancelreasons', (v: number) => ({ label: '  ', version: v }), 400],
      ['an unknown field', 'POST', '/cancelreasons', (v: number) => ({ label: 'x', version: v, value: 3 }), 400],
      ['a missing version', 'POST', '/cancelreasons', () => ({ label: 'x' }), 400],
      ['a negative version', 'POST', '/cancelreasons', () => ({ label: 'x', version: -1 }), 400],
      ['a stale version', 'POST', '/cancelreasons', (v: number) => ({ label: 'x', version: v + 5 }), 409],
      ['a label that is too long', 'POST', '/cancelreasons', (v: number) => ({ label: 'x'.repeat(121), version: v }), 400],
      ['relabel of a value that does not exist', 'PUT', '/cancelreasons/89', (v: number) => ({ label: 'x', version: v }), 404],
      ['relabel with a negative value', 'PUT', '/cancelreasons/-1', (v: number) => ({ label: 'x', version: v }), 400],
      ['relabel with a non-numeric value', 'PUT', '/cancelreasons/abc', (v: number) => ({ label: 'x', version: v }), 400],
      ['relabel with a stale version', 'PUT', '/cancelreasons/0', (v: number) => ({ label: 'x', version: v + 1 }), 409],
    ] as const)('%s', async (_l, method, path, body, status) => {
      const before = await list();
      const res = await api(method, path, { token: admin, body: body(before.version) });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      expect(await list()).toEqual(before);
    });

    it('a delete without a version, with a stale one, or of a missing value', async () => {
      const before = await list();
      expect((await api('DELETE', '/cancelreasons/0', { token: admin })).status).toBe(400);
      expect((await api('DELETE', `/cancelreasons/0?version=${before.version + 1}`, { token: admin })).status).toBe(409);
      expect((await api('DELETE', `/cancelreasons/${before.items.length}?version=${before.version}`, { token: admin })).status).toBe(404);
      expect((await api('DELETE', `/cancelreasons/0?version=${before.version}&x=1`, { token: admin })).status).toBe(400);
      expect(await list()).toEqual(before);
    });
  });

  it('simultaneous deletes at one version: one wins, the rest get 409, values stay 0..n-1', async () => {
    for (let i = 0; i < 4; i++) await add(`Concurrent ${i}`);
    const before = await list();
    const results = await Promise.all(before.items.slice(0, 6).map((r) =>
      api('DELETE', `/cancelreasons/${r.value}?version=${before.version}`, { token: admin })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(results.length - 1);
    const after = await list();
    expect(after.items).toHaveLength(before.items.length - 1);
    expectDense(after);
  });

  it('admins deleting different reasons at once, each retrying on 409: every one deleted, no gaps, no duplicates', async () => {
    const labels = Array.from({ length: 6 }, (_, i) => `Retry ${Date.now()}-${i}`);
    for (const l of labels) await add(l);
    const before = await list();
    let conflicts = 0;
    const deleteByLabel = async (label: string) => {
      for (let attempt = 0; attempt < 30; attempt++) {
        const current = await list();
        const target = current.items.find((r) => r.label === label);
        if (!target) throw new Error(`${label} vanished`);
        const res = await api('DELETE', `/cancelreasons/${target.value}?version=${current.version}`, { token: admin });
        if (res.status === 200) return;
        expect(res.status).toBe(409);
        conflicts++;
      }
      throw new Error(`${label}: too many conflicts`);
    };
    await Promise.all(labels.map(deleteByLabel));
    const after = await list();
    expectDense(after);
    expect(after.items).toHaveLength(before.items.length - labels.length);
    expect(after.items.map((r) => r.label)).toEqual(before.items.filter((r) => !labels.includes(r.label)).map((r) => r.label));
    expect(new Set(after.items.map((r) => r.label)).size).toBe(after.items.length);
    expect(after.version).toBe(before.version + labels.length);
    // Printed, not asserted: how often the losers had to re-read.
    console.log(`cancel-reason deletes: ${labels.length} deletes, ${conflicts} conflicts retried`);
  });

  it('demo mode: no add, relabel or delete (spec §5: editable only with critical edits)', async () => {
    await inDemoMode(async () => {
      const before = await list();
      const results = await Promise.all([
        api('POST', '/cancelreasons', { token: admin, body: { label: 'Nope', version: before.version } }),
        api('PUT', '/cancelreasons/0', { token: admin, body: { label: 'Nope', version: before.version } }),
        api('DELETE', `/cancelreasons/0?version=${before.version}`, { token: admin }),
      ]);
      for (const res of results) expect(res.body.error.code).toBe('demo_mode');
      expect(await list()).toEqual(before);
    });
  });
});

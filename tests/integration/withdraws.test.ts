import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDriver, type TestDriver } from './support/drivers';
import { api, DEMO, idToken } from './support/endpoints';
import { readSettings, saveSettings } from './support/settings-helpers';
import { sumOfEntries, wallet } from './support/trips';

const BANK = { bankName: 'First Test Bank', bankCode: 'FTB0001', bankAccount: '12345678' };

/** Spec §3/§4/§6 Withdraw: a driver's request holds the money at once; an admin processes it once. */
describe('withdraws', () => {
  let admin: string;
  let bankFieldsBefore: unknown;
  beforeAll(async () => {
    admin = await idToken(DEMO.admin);
    bankFieldsBefore = (await readSettings()).settings.bank_fields;
  });
  afterAll(async () => {
    const back = await saveSettings({ bank_fields: bankFieldsBefore });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
  });

  const credit = async (d: TestDriver, amount: number) => {
    const res = await api('POST', `/wallets/${d.id}/credits`, { token: admin, body: { amount } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const ask = (d: TestDriver, body: Record<string, unknown>, key?: string) =>
    api('POST', '/withdraws', { token: d.token, body, headers: key ? { 'idempotency-key': key } : undefined });
  const own = async (token: string, query = '') => {
    const res = await api('GET', `/withdraws?limit=100${query}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.items as { id: string; uid: string; amount: number; processed: boolean; procesDate?: number; bankName?: string; bankCode?: string; bankAccount?: string }[];
  };
  const bankFields = async (on: boolean) => {
    const res = await saveSettings({ bank_fields: on });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  it('holds a request within the balance at once: a Withdraw entry (Withdrawal), the balance down, the request listed', async () => {
    await bankFields(false);
    const d = await newDriver();
    await credit(d, 20);
    const res = await ask(d, { amount: '12.5' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ uid: d.id, amount: 12.5, processed: false, balance: 7.5 });
    expect(res.body.name).toContain('Test Driver');
    const w = await wallet(d.token);
    expect(w.balance).toBe(7.5);
    expect(w.items[0]).toMatchObject({ type: 'Withdraw', amount: 12.5, reason: 'Withdrawal', txRef: `withdraw:${res.body.id}` });
    expect(w.balance).toBe(sumOfEntries(w.items));
    expect((await own(d.token)).map((x) => x.id)).toEqual([res.body.id]);
    const all = await own(admin, '&processed=false');
    expect(all.map((x) => x.id)).toContain(res.body.id);
  });

  it('refuses a request over the balance (or with no balance) with withdraw_exceeds_balance and writes nothing', async () => {
    await bankFields(false);
    const d = await newDriver();
    const broke = await ask(d, { amount: 1 });
    expect(broke.status).toBe(409);
    expect(broke.body.error.code).toBe('withdraw_exceeds_balance');
    await credit(d, 5);
    const over = await ask(d, { amount: 5.01 });
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('withdraw_exceeds_balance');
    const w = await wallet(d.token);
    expect(w.balance).toBe(5);
    expect(w.items).toHaveLength(1);
    expect(await own(d.token)).toEqual([]);
    // The whole balance is fine.
    expect((await ask(d, { amount: 5 })).status).toBe(201);
    expect((await wallet(d.token)).balance).toBe(0);
  });

  it('with bank_fields on, requires the bank details (body or profile) and stores them; with it off, needs none', async () => {
    await bankFields(true);
    const d = await newDriver();
    await credit(d, 10);
    const missing = await ask(d, { amount: 1 });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('no_details_error');
    expect(missing.body.error.details.map((x: { path: string }) => x.path).sort()).toEqual(['bankAccount', 'bankCode', 'bankName']);
    const partial = await ask(d, { amount: 1, bankName: 'Only A Name' });
    expect(partial.status).toBe(400);
    expect((await wallet(d.token)).balance).toBe(10);

    const given = await ask(d, { amount: 1, ...BANK });
    expect(given.status, JSON.stringify(given.body)).toBe(201);
    expect(given.body).toMatchObject(BANK);

    // A driver whose profile has them needs to send none.
    const n = Date.now().toString(36);
    const email = `wd-bank-${n}@example.com`;
    const added = await api('POST', '/users', {
      token: admin,
      body: { usertype: 'driver', firstName: 'Banked', lastName: n, email, mobile: `+1555${String(Date.now()).slice(-7)}`, password: 'Driver1234', carType: 'Economy', bankName: 'Profile Bank', bankCode: 'PB01', bankAccount: '999' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const banked: TestDriver = { id: added.body.id, email, token: await idToken(email, 'Driver1234') };
    await credit(banked, 3);
    const fromProfile = await ask(banked, { amount: 2 });
    expect(fromProfile.status, JSON.stringify(fromProfile.body)).toBe(201);
    expect(fromProfile.body).toMatchObject({ bankName: 'Profile Bank', bankCode: 'PB01', bankAccount: '999' });
    // The body wins over the profile.
    const override = await ask(banked, { amount: 1, bankAccount: '111' });
    expect(override.body).toMatchObject({ bankName: 'Profile Bank', bankAccount: '111' });

    await bankFields(false);
    const plain = await ask(d, { amount: 1 });
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    expect(plain.body.bankName).toBeUndefined();
  });

  it('answers a retried click (same Idempotency-Key, 8 at once) with one request and one hold', async () => {
    await bankFields(false);
    const d = await newDriver();
    await credit(d, 10);
    const results = await Promise.all(Array.from({ length: 8 }, () => ask(d, { amount: '4.00' }, 'same-click')));
    // Each answer is the first answer (201) or, while the first still runs, idempotency_in_progress.
    const made = results.filter((r) => r.status === 201);
    expect(made.length).toBeGreaterThanOrEqual(1);
    for (const r of results.filter((x) => x.status !== 201)) expect([r.status, r.body.error.code]).toEqual([409, 'idempotency_in_progress']);
    expect(new Set(made.map((r) => r.body.id)).size).toBe(1);
    const w = await wallet(d.token);
    expect(w.balance).toBe(6);
    expect(w.items.filter((e) => e.type === 'Withdraw')).toHaveLength(1);
    expect(await own(d.token)).toHaveLength(1);
    // The same key for something else is refused.
    const other = await ask(d, { amount: '3.00' }, 'same-click');
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    expect((await wallet(d.token)).balance).toBe(6);
  });

  it('lets an admin process a request exactly once (a second time is 409 and changes nothing); the driver is told', async () => {
    await bankFields(false);
    const d = await newDriver();
    await credit(d, 10);
    const req = await ask(d, { amount: 6 });
    expect(req.status).toBe(201);
    const [first, second] = await Promise.all([
      api('POST', `/withdraws/${req.body.id}/complete`, { token: admin }),
      api('POST', `/withdraws/${req.body.id}/complete`, { token: admin }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const ok = first.status === 200 ? first : second;
    const refused = first.status === 200 ? second : first;
    expect(ok.body).toMatchObject({ id: req.body.id, processed: true, procesDate: expect.any(Number) });
    expect(refused.body.error.code).toBe('withdraw_already_processed');
    const again = await api('POST', `/withdraws/${req.body.id}/complete`, { token: admin });
    expect(again.status).toBe(409);

    const mine = await own(d.token);
    expect(mine[0]).toMatchObject({ processed: true, procesDate: ok.body.procesDate });
    expect((await own(d.token, '&processed=true')).map((x) => x.id)).toEqual([req.body.id]);
    expect(await own(d.token, '&processed=false')).toEqual([]);
    const told = await api('GET', '/me/messages', { token: d.token });
    expect(told.body.items.filter((m: { kind: string }) => m.kind === 'withdraw_processed')).toHaveLength(1);
    // Processing moves no money: the hold already did.
    expect((await wallet(d.token)).balance).toBe(4);
    expect((await own(admin, '&processed=true')).map((x) => x.id)).toContain(req.body.id);
    expect((await own(admin, '&processed=false')).map((x) => x.id)).not.toContain(req.body.id);
    expect((await api('POST', '/withdraws/no-such-request/complete', { token: admin })).status).toBe(404);
  });

  it('never overdraws: 20 simultaneous requests that together exceed the balance', async () => {
    await bankFields(false);
    const d = await newDriver();
    await credit(d, 10);
    const results = await Promise.all(Array.from({ length: 20 }, () => ask(d, { amount: '0.75' })));
    const won = results.filter((r) => r.status === 201).length;
    for (const r of results) expect([201, 409], JSON.stringify(r.body)).toContain(r.status);
    expect(won).toBeGreaterThan(0);
    expect(won).toBeLessThanOrEqual(13);
    const w = await wallet(d.token);
    expect(w.balance).toBeGreaterThanOrEqual(0);
    expect(w.balance).toBe(sumOfEntries(w.items));
    expect(Math.round(w.balance * 100)).toBe(1000 - won * 75);
    expect(w.items.filter((e) => e.type === 'Withdraw')).toHaveLength(won);
    expect(await own(d.token)).toHaveLength(won);
  });

  it('lets only drivers request, shows a driver only their own, and lets only admins process', async () => {
    await bankFields(false);
    const [a, b] = [await newDriver(), await newDriver()];
    await credit(a, 2);
    await credit(b, 2);
    const ra = await ask(a, { amount: 1 });
    const rb = await ask(b, { amount: 1 });
    expect([ra.status, rb.status]).toEqual([201, 201]);
    expect((await own(a.token)).map((x) => x.uid)).toEqual([a.id]);
    expect((await own(b.token)).map((x) => x.id)).toEqual([rb.body.id]);

    for (const who of [DEMO.rider, DEMO.fleetadmin, DEMO.admin]) {
      const res = await api('POST', '/withdraws', { token: await idToken(who), body: { amount: 1 } });
      expect(res.status, who).toBe(403);
    }
    expect((await api('GET', '/withdraws', { token: await idToken(DEMO.rider) })).status).toBe(403);
    expect((await api('GET', '/withdraws', { token: await idToken(DEMO.fleetadmin) })).status).toBe(403);
    const selfServe = await api('POST', `/withdraws/${ra.body.id}/complete`, { token: a.token });
    expect(selfServe.status).toBe(403);
    const list = await own(a.token);
    expect(list[0]!.processed).toBe(false);
  });

  it.each([
    ['negative', -5], ['negative text', '-5'], ['zero', 0], ['blank', ''], ['NaN text', 'NaN'], ['words', 'abc'], ['trailing words', '12abc'],
    ['three decimals', '1.005'], ['three decimals (number)', 1.005], ['huge', 1e12], ['huge text', '99999999999'], ['exponent', '1e3'],
    ['a boolean', true], ['null', null],
  ])('refuses %s with a 400 and writes nothing', async (_n, amount) => {
    await bankFields(false);
    const d = await newDriver();
    await credit(d, 5);
    const res = await ask(d, { amount });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    const w = await wallet(d.token);
    expect(w.balance).toBe(5);
    expect(w.items).toHaveLength(1);
    expect(await own(d.token)).toEqual([]);
  });

  it('refuses unknown fields (a client cannot set processed or the driver) and pages with a cursor', async () => {
    await bankFields(false);
    const d = await newDriver();
    await credit(d, 5);
    for (const extra of [{ processed: true }, { uid: 'someone-else' }, { procesDate: 1 }]) {
      const res = await ask(d, { amount: 1, ...extra });
      expect(res.status).toBe(400);
    }
    for (let i = 0; i < 3; i++) expect((await ask(d, { amount: 1 })).status).toBe(201);
    const first = await api('GET', '/withdraws?limit=2', { token: d.token });
    expect(first.body.items).toHaveLength(2);
    expect(first.body.next).toEqual(expect.any(String));
    const second = await api('GET', `/withdraws?limit=2&cursor=${encodeURIComponent(first.body.next)}`, { token: d.token });
    expect(second.body.items).toHaveLength(1);
    const ids = [...first.body.items, ...second.body.items].map((x: { id: string }) => x.id);
    expect(new Set(ids).size).toBe(3);
    expect(first.body.items[0].date).toBeGreaterThanOrEqual(first.body.items[1].date);
    expect((await api('GET', '/withdraws?processed=maybe', { token: admin })).status).toBe(400);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { newDriver } from './support/drivers';
import { api, DEMO, idToken } from './support/endpoints';
import { newRider, sumOfEntries, wallet } from './support/trips';

/** Spec §5/§6 Add to wallet: an admin's credit, through the ledger, exactly once per request. */
describe('add to wallet', () => {
  let admin: string;
  beforeAll(async () => { admin = await idToken(DEMO.admin); });
  const credit = (uid: string, amount: unknown, key?: string) => fetchCredit(admin, uid, amount, key);

  it('credits a rider with an AdminCredit entry, tells them, and answers wallet_updated', async () => {
    const rider = await newRider();
    const res = await credit(rider.id, '12.5');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ uid: rider.id, credited: 12.5, balance: 12.5, message: 'wallet_updated' });
    const w = await wallet(rider.token);
    expect(w.balance).toBe(12.5);
    expect(w.items).toEqual([expect.objectContaining({ type: 'Credit', amount: 12.5, reason: 'AdminCredit' })]);
    const told = await api('GET', '/me/messages', { token: rider.token });
    expect(told.body.items[0]).toMatchObject({ kind: 'wallet_credited' });
  });

  it('a retried request (same Idempotency-Key, 10 at once) credits once; a driver can be credited too', async () => {
    const driver = await newDriver();
    const results = await Promise.all(Array.from({ length: 10 }, () => credit(driver.id, 5, 'same-click')));
    // Each answer is the first answer or, while the first still runs, idempotency_in_progress.
    const made = results.filter((r) => r.status === 200);
    expect(made.length).toBeGreaterThanOrEqual(1);
    for (const r of made) expect(r.body).toEqual(made[0]!.body);
    for (const r of results.filter((x) => x.status !== 200)) expect([r.status, r.body.error.code]).toEqual([409, 'idempotency_in_progress']);
    const w = await wallet(driver.token);
    expect(w.items).toHaveLength(1);
    expect(w.balance).toBe(5);
    expect(w.balance).toBe(sumOfEntries(w.items));
  });

  it.each([
    ['blank (0)', ''], ['zero', 0], ['negative', -5], ['not a number', 'abc'], ['three decimals', '1.005'], ['huge', 1e12],
  ])('refuses %s with no_details_error and credits nothing', async (_n, amount) => {
    const rider = await newRider();
    const res = await credit(rider.id, amount);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('no_details_error');
    expect((await wallet(rider.token)).items).toEqual([]);
  });

  it('refuses an admin or fleet admin as the user (a rider or driver must be chosen), and an unknown user', async () => {
    const me = await api('GET', '/me', { token: admin });
    expect((await credit(me.body.id, 5)).body.error.code).toBe('no_details_error');
    expect((await credit('no-such-user', 5)).status).toBe(404);
  });
});

async function fetchCredit(token: string, uid: string, amount: unknown, key?: string) {
  const { endpoints } = await import('./support/endpoints');
  const res = await fetch(`${endpoints().apiUrl}/wallets/${uid}/credits`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify({ amount }),
  });
  return { status: res.status, body: await res.json() as any };
}

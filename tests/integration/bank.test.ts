import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, DEMO, idToken } from './support/endpoints';
import { approvalOf, deliver, signedNotice } from './support/payments';
import { acceptedTrip, driveToDrop, newRider, sumOfEntries, wallet, type TestRider } from './support/trips';

/** Reproducible randomness: BANK_SEED repeats a run. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const cents = (x: number) => Math.round(x * 100);

/**
 * The bank test (quality.md "Concurrency"): many top-ups, admin credits, trip payments by cash,
 * wallet and card, drivers' withdrawals, and duplicate and forged confirmations, at random and at once. Afterwards every
 * wallet equals the sum of its entries, no rider's is negative, and money is conserved: what came
 * in from outside (top-ups, admin credits, card payments) equals what the wallets hold, plus what
 * was withdrawn, plus what the platform kept (cash a driver took is the driver's debt to the
 * platform, inside the wallets).
 */
describe('the bank', () => {
  const seed = Number(process.env.BANK_SEED ?? Date.now() % 100_000);
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const amount = (min: number, max: number) => Math.round((min + random() * (max - min)) * 100) / 100;

  let admin: string;
  let riders: TestRider[];
  const drivers: { id: string; token: string }[] = [];
  /** Money in from outside, in cents. */
  let inflow = 0;
  /** The platform's take on each paid trip (customer paid − driver share), in cents. */
  let platform = 0;
  /** Held for drivers' withdrawals (money on its way to their banks), in cents. */
  let withdrawn = 0;
  const outcomes: Record<string, number> = {};
  const count = (what: string) => { outcomes[what] = (outcomes[what] ?? 0) + 1; };

  beforeAll(async () => {
    admin = await idToken(DEMO.admin);
    riders = await Promise.all(Array.from({ length: 5 }, () => newRider()));
  });

  const topUp = async () => {
    const r = pick(riders);
    const value = amount(1, 40);
    const c = await api('POST', '/payments/checkout', { token: r.token, body: { kind: 'topup', amount: value.toFixed(2), provider: pick(['paypal', 'stripe']) } });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const signed = signedNotice(approvalOf(c.body));
    const copies = 1 + Math.floor(random() * 4);
    const forged = deliver(c.body.provider, signedNotice(approvalOf(c.body, { amount: '9999.00' })));
    const answers = await Promise.all([forged, ...Array.from({ length: copies }, () => deliver(c.body.provider, signed))]);
    expect(answers[0]!.status).toBe(400);
    const paid = answers.slice(1).filter((a) => (a.body as { outcome: string }).outcome === 'paid');
    expect(paid).toHaveLength(1);
    inflow += cents(value);
    count('topup');
  };

  const adminCredit = async () => {
    const r = pick(riders);
    const value = amount(0.5, 15);
    const key = randomUUID();
    // A double click: the same Idempotency-Key twice at once credits once (the second is the first's
    // answer, or idempotency_in_progress while the first still runs).
    const answers = await Promise.all([1, 2].map(() => api('POST', `/wallets/${r.id}/credits`, { token: admin, body: { amount: value.toFixed(2) }, headers: { 'idempotency-key': key } })));
    expect(answers.map((a) => a.status)).toContain(200);
    for (const a of answers) if (a.status !== 200) expect([a.status, a.body.error.code]).toEqual([409, 'idempotency_in_progress']);
    inflow += cents(value);
    count('adminCredit');
  };

  const trip = async () => {
    const r = pick(riders);
    const how = pick(['cash', 'wallet', 'card'] as const);
    const { driver, booking } = await acceptedTrip(r);
    drivers.push(driver);
    await driveToDrop(driver, booking);
    if (how === 'cash') {
      const res = await api('POST', `/bookings/${booking.id}/settle`, { token: driver.token, body: { method: 'cash' } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // The cash stays in the driver's pocket: the driver's wallet owes the platform its part,
      // so the platform's take and the driver's debt cancel out and nothing new enters the ledger.
      platform += cents(res.body.customer_paid) - cents(res.body.driver_share);
      count('trip:cash');
      return;
    }
    const later = await api('POST', `/bookings/${booking.id}/settle`, { token: driver.token, body: { method: 'later' } });
    expect(later.body.status).toBe('PENDING');
    if (how === 'wallet') {
      const res = await api('POST', `/bookings/${booking.id}/pay`, { token: r.token, body: { method: 'wallet' } });
      if (res.status === 409) {
        // Not enough in the wallet: refused whole, nothing moved. The trip is left PENDING.
        expect(res.body.error.code).toBe('insufficient_balance');
        count('trip:wallet-refused');
        return;
      }
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      platform += cents(res.body.booking.customer_paid) - cents(res.body.booking.driver_share);
      count('trip:wallet');
      return;
    }
    const c = await api('POST', '/payments/checkout', { token: r.token, body: { kind: 'booking', bookingId: booking.id, provider: 'paypal' } });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const signed = signedNotice(approvalOf(c.body));
    // The rider also pays from the wallet at the same moment: exactly one of the two wins; a
    // card payment that arrives second is kept as wallet credit.
    const [walletTry, ...answers] = await Promise.all([
      random() < 0.3 ? api('POST', `/bookings/${booking.id}/pay`, { token: r.token, body: { method: 'wallet' } }) : Promise.resolve(undefined),
      ...Array.from({ length: 1 + Math.floor(random() * 4) }, () => deliver('paypal', signed)),
    ]);
    const settled = answers.map((a) => (a.body as { outcome: string }).outcome).filter((o) => o !== 'duplicate');
    expect(settled).toHaveLength(1);
    inflow += cents(c.body.amount);
    const final = (await api('GET', `/bookings/${booking.id}`, { token: admin })).body;
    expect(final.status).toBe('PAID');
    platform += cents(final.customer_paid) - cents(final.driver_share);
    count(walletTry?.status === 200 ? `trip:wallet-won-card-${settled[0]}` : `trip:card-${settled[0]}`);
  };

  const withdraw = async () => {
    if (!drivers.length) return topUp();
    const d = pick(drivers);
    const { balance } = await wallet(d.token);
    // Two requests at once that may together exceed the balance: the ledger's cover condition decides.
    const asks = [amount(0.5, Math.max(1, balance * 0.8)), amount(0.5, Math.max(1, balance * 0.8))];
    const answers = await Promise.all(asks.map((a) => api('POST', '/withdraws', { token: d.token, body: { amount: a.toFixed(2), bankName: 'Bank', bankCode: 'B1', bankAccount: '123456' }, headers: { 'idempotency-key': randomUUID() } })));
    answers.forEach((res, i) => {
      if (res.status === 201) {
        withdrawn += cents(asks[i]!);
        count('withdraw');
        // An admin pays some out at once: processing moves no money, it only records the payout.
        if (random() < 0.5) void api('POST', `/withdraws/${res.body.id}/complete`, { token: admin });
      } else {
        expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 409, code: 'withdraw_exceeds_balance' });
        count('withdraw-refused');
      }
    });
  };

  it('many concurrent movements leave every wallet equal to its entries, none negative, and money conserved', async () => {
    const ops = Array.from({ length: Number(process.env.BANK_OPS ?? 42) }, () => pick([topUp, topUp, adminCredit, trip, trip, withdraw]));
    for (let i = 0; i < ops.length; i += 6) await Promise.all(ops.slice(i, i + 6).map((op) => op()));

    let balances = 0;
    for (const who of [...riders, ...drivers]) {
      const w = await wallet(who.token);
      expect(w.balance, `wallet of ${who.id}`).toBeCloseTo(sumOfEntries(w.items), 2);
      // Each txRef moved money once.
      expect(new Set(w.items.map((e) => e.txRef)).size).toBe(w.items.length);
      balances += cents(w.balance);
    }
    for (const r of riders) expect((await wallet(r.token)).balance, `rider ${r.id}`).toBeGreaterThanOrEqual(0);
    // A driver's balance goes below zero only by cash still owed to the platform (spec §4 PAID).
    for (const d of drivers) {
      const w = await wallet(d.token);
      const shares = w.items.filter((e) => e.type === 'Credit').reduce((s, e) => s + cents(e.amount), 0);
      const cash = w.items.filter((e) => e.reason === 'CashCollected').reduce((s, e) => s + cents(e.amount), 0);
      const out = w.items.filter((e) => e.type === 'Withdraw').reduce((s, e) => s + cents(e.amount), 0);
      expect(cents(w.balance)).toBe(shares - cash - out);
    }
    console.log(`bank test: seed ${seed}, ${ops.length} operations ${JSON.stringify(outcomes)}; in ${inflow / 100}, wallets ${balances / 100}, withdrawn ${withdrawn / 100}, platform ${platform / 100}`);
    expect(balances + withdrawn + platform).toBe(inflow);
  }, 600_000);
});

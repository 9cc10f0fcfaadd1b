import { describe, expect, it } from 'vitest';
import type { WalletMovement } from '../../../shared/src/domain/wallet-ledger';
import type { ProfileItem } from '../../../lambdas/src/ports/users';
import type { WithdrawRecord, WithdrawStore } from '../../../lambdas/src/ports/withdraws';
import type { UserStore } from '../../../lambdas/src/ports/users';
import type { AppSettings } from '../../../lambdas/src/ports/settings';
import { completeWithdraw } from '../../../lambdas/src/use-cases/complete-withdraw';
import { topicsFor } from '../../../lambdas/src/use-cases/fan-out-change';
import { mayFollow } from '../../../lambdas/src/use-cases/manage-subscription';
import { requestWithdraw } from '../../../lambdas/src/use-cases/request-withdraw';

/** An in-memory store with the same all-or-nothing rules as the table's transaction. */
function memoryStore(balance: { value: number }) {
  const requests = new Map<string, WithdrawRecord>();
  const holds: WalletMovement[] = [];
  const told: string[] = [];
  const store: WithdrawStore = {
    async create(record, hold) {
      if (requests.has(record.id)) return 'exists';
      if (balance.value < hold.amount) return 'uncovered';
      balance.value -= hold.amount;
      requests.set(record.id, record);
      holds.push(hold);
      return 'created';
    },
    async get(id) { return requests.get(id); },
    async list() { return { items: [...requests.values()] }; },
    async listByDriver(uid) { return { items: [...requests.values()].filter((r) => r.uid === uid) }; },
    async complete(id, at, messages) {
      const r = requests.get(id);
      if (!r || r.processed) return false;
      requests.set(id, { ...r, processed: true, procesDate: at });
      told.push(...messages.map((m) => `${m.to}:${m.kind}:${m.body}`));
      return true;
    },
  };
  return { store, requests, holds, told };
}

const driver = { id: 'd1', usertype: 'driver', firstName: 'Dee', lastName: 'River', email: 'd@example.com', walletBalance: 1000, bankName: 'Profile Bank', bankCode: 'PB', bankAccount: '1' } as unknown as ProfileItem;
const settings = { bank_fields: true, symbol: '$' } as unknown as AppSettings;

function setup() {
  const balance = { value: 1000 };
  const mem = memoryStore(balance);
  const users = { get: async () => ({ ...driver, walletBalance: balance.value }) } as unknown as UserStore;
  const deps = { withdraws: mem.store, users, now: () => new Date(1_700_000_000_000) };
  return { deps, mem, balance };
}

describe('requestWithdraw', () => {
  it('holds the amount with a Withdraw movement (reason Withdrawal, txRef from the request) and stores the bank details', async () => {
    const { deps, mem } = setup();
    const out = await requestWithdraw(deps, { profile: driver, settings }, { amount: 2.5, bankAccount: '42' });
    expect(out).toMatchObject({ uid: 'd1', name: 'Dee River', amount: 2.5, processed: false, bankName: 'Profile Bank', bankAccount: '42', balance: 7.5 });
    expect(mem.holds).toEqual([{ uid: 'd1', type: 'Withdraw', amount: 250, reason: 'Withdrawal', txRef: `withdraw:${out.id}` }]);
    expect(out).not.toHaveProperty('fingerprint');
  });

  it('answers a retry with the same key with the same request, and refuses the key for another amount', async () => {
    const { deps, mem } = setup();
    const a = await requestWithdraw(deps, { profile: driver, settings }, { amount: 1, idempotencyKey: 'k1' });
    const b = await requestWithdraw(deps, { profile: driver, settings }, { amount: 1, idempotencyKey: 'k1' });
    expect(b.id).toBe(a.id);
    expect(mem.holds).toHaveLength(1);
    await expect(requestWithdraw(deps, { profile: driver, settings }, { amount: 2, idempotencyKey: 'k1' })).rejects.toMatchObject({ status: 422, code: 'idempotency_key_reused' });
  });

  it('refuses an uncovered amount (409), a bad amount and missing bank details (400)', async () => {
    const { deps, mem } = setup();
    await expect(requestWithdraw(deps, { profile: driver, settings }, { amount: 10.01 })).rejects.toMatchObject({ status: 409, code: 'withdraw_exceeds_balance' });
    await expect(requestWithdraw(deps, { profile: driver, settings }, { amount: 1.005 })).rejects.toMatchObject({ status: 400, code: 'no_details_error' });
    const bare = { ...driver, bankName: undefined, bankCode: undefined, bankAccount: undefined } as unknown as ProfileItem;
    await expect(requestWithdraw(deps, { profile: bare, settings }, { amount: 1 })).rejects.toMatchObject({ status: 400, code: 'no_details_error' });
    expect(await requestWithdraw(deps, { profile: bare, settings: { ...settings, bank_fields: false } }, { amount: 1 })).toMatchObject({ amount: 1 });
    expect(mem.holds).toHaveLength(1);
  });
});

describe('completeWithdraw', () => {
  it('processes once and tells the driver; a second time is 409; an unknown id 404', async () => {
    const { deps, mem } = setup();
    const admin = { profile: { id: 'a1', usertype: 'admin' } as unknown as ProfileItem, settings };
    const r = await requestWithdraw(deps, { profile: driver, settings }, { amount: 3 });
    const done = await completeWithdraw(deps, admin, r.id, undefined);
    expect(done).toMatchObject({ id: r.id, processed: true, procesDate: 1_700_000_000_000 });
    expect(mem.told).toEqual(['d1:withdraw_processed:Your withdrawal of $3.00 has been processed.']);
    await expect(completeWithdraw(deps, admin, r.id, mem.requests.get(r.id))).rejects.toMatchObject({ status: 409, code: 'withdraw_already_processed' });
    // A stale preload that still says "open" loses at the conditional write.
    await expect(completeWithdraw(deps, admin, r.id, { ...mem.requests.get(r.id)!, processed: false })).rejects.toMatchObject({ status: 409 });
    await expect(completeWithdraw(deps, admin, 'nope', undefined)).rejects.toMatchObject({ status: 404 });
    expect(mem.told).toHaveLength(1);
  });
});

describe('withdraw topics', () => {
  it('tells admins and the request\'s driver about a request change', () => {
    expect(topicsFor('WITHDRAW#w1', 'WITHDRAW', { uid: 'd1' })).toEqual([{ topic: 'withdraws', id: 'w1' }, { topic: 'withdraws/d1', id: 'w1' }]);
  });
  it.each([
    ['withdraws', { uid: 'a', role: 'admin' }, true],
    ['withdraws', { uid: 'd1', role: 'driver' }, false],
    ['withdraws/d1', { uid: 'd1', role: 'driver' }, true],
    ['withdraws/d1', { uid: 'd2', role: 'driver' }, false],
    ['withdraws/d1', { uid: 'a', role: 'admin' }, true],
    ['withdraws/d1', { uid: 'd1', role: 'rider' }, false],
  ] as const)('%s for %o: %s', async (topic, who, allowed) => {
    expect(await mayFollow(topic, who, { bookings: { get: async () => undefined } })).toBe(allowed);
  });
});

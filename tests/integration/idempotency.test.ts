import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/src/adapters/dynamodb/keys';
import type { AnyRoute } from '../../shared/src/contract/route';
import { contract } from '../../shared/src/contract/routes';
import { newDriver } from './support/drivers';
import { api, DEMO, endpoints, idToken } from './support/endpoints';
import { sampleBooking } from './support/sample-requests';
import { acceptedTrip, credit, driveToDrop, newRider, wallet } from './support/trips';

/**
 * One mechanism for every route the contract marks `idempotent` (the Idempotency-Key header):
 * the same key with the same request answers the first answer again and changes nothing more;
 * the key with another request is 422 `idempotency_key_reused` and changes nothing; duplicates
 * sent together get the first answer or 409 `idempotency_in_progress`, and the effect happens
 * once. The routes come from the contract, so a route newly marked must bring its scenario here.
 */

interface Scenario {
  token: string;
  path: string;
  body: unknown;
  /** The same operation and path with another body: what a reused key must refuse. */
  other: unknown;
  /** What the operation changes, read back: it must change once. */
  effect: () => Promise<unknown>;
}

const BANK = { bankName: 'Idem Bank', bankCode: 'IDEM0001', bankAccount: '000987654321' };

const bookingState = async (token: string, id: string) => {
  const res = await api('GET', `/bookings/${id}`, { token });
  return { status: res.body.status, payment_mode: res.body.payment_mode };
};

/** A trip at REACHED whose rider has money in the wallet: what paying and settling start from. */
async function reachedTrip() {
  const rider = await newRider();
  expect(await credit(rider.id, 500_00)).toBe(true);
  const { driver, booking } = await acceptedTrip(rider);
  await driveToDrop(driver, booking);
  return { rider, driver, booking };
}

/** Payment sessions a user started, read from the table (no API lists them). */
async function paymentSessionsOf(uid: string): Promise<string[]> {
  const { tableName, dynamoEndpoint, region } = endpoints();
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region, endpoint: dynamoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
  const found: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await doc.send(new ScanCommand({
      TableName: tableName, ExclusiveStartKey: start, ConsistentRead: true,
      FilterExpression: 'begins_with(pk, :p) AND #uid = :uid',
      ExpressionAttributeNames: { '#uid': 'uid' }, ExpressionAttributeValues: { ':p': keys.payment('').pk, ':uid': uid },
    }));
    found.push(...(out.Items ?? []).map((i) => String(i.orderId)));
    start = out.LastEvaluatedKey;
  } while (start);
  doc.destroy();
  return found.sort();
}

const scenarios: Record<string, () => Promise<Scenario>> = {
  addBooking: async () => {
    const rider = await newRider();
    const body = await sampleBooking({ riderId: undefined });
    return {
      token: rider.token, path: '/bookings', body, other: { ...body, tripdate: (body.tripdate as number) + 60_000 },
      effect: async () => (await api('GET', '/bookings?limit=100', { token: rider.token })).body.items.map((b: { id: string }) => b.id),
    };
  },
  addToWallet: async () => {
    const rider = await newRider();
    return {
      token: await idToken(DEMO.admin), path: `/wallets/${rider.id}/credits`, body: { amount: '5.00' }, other: { amount: '7.00' },
      effect: () => wallet(rider.token),
    };
  },
  requestWithdraw: async () => {
    const driver = await newDriver();
    expect(await credit(driver.id, 10_00)).toBe(true);
    return {
      token: driver.token, path: '/withdraws', body: { amount: '4.00', ...BANK }, other: { amount: '3.00', ...BANK },
      effect: async () => ({ wallet: await wallet(driver.token), requests: (await api('GET', '/withdraws?limit=100', { token: driver.token })).body.items.map((w: { id: string }) => w.id) }),
    };
  },
  checkout: async () => {
    const rider = await newRider();
    return {
      token: rider.token, path: '/payments/checkout',
      body: { kind: 'topup', amount: '5.00', provider: 'paypal' }, other: { kind: 'topup', amount: '6.00', provider: 'paypal' },
      effect: () => paymentSessionsOf(rider.id),
    };
  },
  payBooking: async () => {
    const { rider, booking } = await reachedTrip();
    return {
      token: rider.token, path: `/bookings/${booking.id}/pay`, body: { method: 'wallet' }, other: { method: 'card' },
      effect: async () => ({ booking: await bookingState(rider.token, booking.id), wallet: await wallet(rider.token) }),
    };
  },
  addTip: async () => {
    const { rider, driver, booking } = await reachedTrip();
    const settled = await api('POST', `/bookings/${booking.id}/settle`, { token: driver.token, body: { method: 'cash' } });
    expect(settled.body.status, JSON.stringify(settled.body)).toBe('PAID');
    return {
      token: rider.token, path: `/bookings/${booking.id}/tip`, body: { amount: '2.00' }, other: { amount: '3.00' },
      effect: async () => ({ tip: (await api('GET', `/bookings/${booking.id}`, { token: rider.token })).body.tip, rider: await wallet(rider.token), driver: await wallet(driver.token) }),
    };
  },
  settleBooking: async () => {
    const { driver, booking } = await reachedTrip();
    return {
      token: driver.token, path: `/bookings/${booking.id}/settle`, body: { method: 'cash' }, other: { method: 'later' },
      effect: async () => ({ booking: await bookingState(driver.token, booking.id), wallet: await wallet(driver.token) }),
    };
  },
};

const idempotentRoutes = Object.values(contract as Record<string, AnyRoute>).filter((r) => r.idempotent);

const send = (route: AnyRoute, s: Scenario, body: unknown, key: string) =>
  api(route.method, s.path, { token: s.token, body, headers: { 'idempotency-key': key } });

describe('Idempotency-Key, every route that takes it', () => {
  it('has a scenario for every route the contract marks idempotent, and the money routes are marked', () => {
    const ids = idempotentRoutes.map((r) => r.operationId);
    expect(ids.filter((id) => !scenarios[id])).toEqual([]);
    expect(ids).toEqual(expect.arrayContaining(['addBooking', 'addToWallet', 'requestWithdraw', 'checkout', 'payBooking', 'settleBooking']));
  });

  describe.each(idempotentRoutes.map((r) => [r.operationId, r] as const))('%s', (_id, route) => {
    it('replays the first answer for the same key and request, refuses the key for another request, and acts once', async () => {
      const s = await scenarios[route.operationId]!();
      const key = `idem-${randomUUID()}`;
      const before = await s.effect();

      const first = await send(route, s, s.body, key);
      expect(first.status, JSON.stringify(first.body)).toBeLessThan(300);
      const after = await s.effect();
      expect(after).not.toEqual(before);

      const again = await send(route, s, s.body, key);
      expect(again.status).toBe(first.status);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await s.effect()).toEqual(after);

      const reused = await send(route, s, s.other, key);
      expect(reused.status, JSON.stringify(reused.body)).toBe(422);
      expect(reused.body.error.code).toBe('idempotency_key_reused');
      expect(await s.effect()).toEqual(after);

      // The refusal did not disturb the key: the first request still gets its answer.
      const third = await send(route, s, s.body, key);
      expect([third.status, third.body]).toEqual([first.status, first.body]);

      // A malformed key is refused before anything runs.
      for (const bad of ['short', 'x'.repeat(129), 'has space 12345', 'semi;colon1234']) {
        const res = await send(route, s, s.other, bad);
        expect(res.status, bad).toBe(400);
        expect(res.body.error.code).toBe('validation_error');
      }
      expect(await s.effect()).toEqual(after);
    });

    it('answers duplicates sent together with the first answer or idempotency_in_progress, and acts once', async () => {
      const s = await scenarios[route.operationId]!();
      const key = `idem-${randomUUID()}`;
      const answers = await Promise.all(Array.from({ length: 6 }, () => send(route, s, s.body, key)));
      const done = answers.filter((a) => a.status < 300);
      expect(done.length, JSON.stringify(answers.map((a) => [a.status, a.body]))).toBeGreaterThanOrEqual(1);
      for (const a of done) expect(a.body).toEqual(done[0]!.body);
      for (const a of answers.filter((x) => x.status >= 300)) expect([a.status, a.body.error?.code]).toEqual([409, 'idempotency_in_progress']);
      const after = await s.effect();
      // Once settled, the key answers the first answer, and nothing more happens.
      const later = await send(route, s, s.body, key);
      expect([later.status, later.body]).toEqual([done[0]!.status, done[0]!.body]);
      expect(await s.effect()).toEqual(after);
    });
  });

  it('keeps keys per caller: the same key from another caller is a request of its own', async () => {
    const [a, b] = [await newRider(), await newRider()];
    const admin = await idToken(DEMO.admin);
    const key = `idem-${randomUUID()}`;
    const one = await api('POST', `/wallets/${a.id}/credits`, { token: admin, body: { amount: '2.00' }, headers: { 'idempotency-key': key } });
    expect(one.status).toBe(200);
    // Another caller (the rider's own checkout) with the same key runs, and is not a reuse.
    const other = await api('POST', '/payments/checkout', { token: b.token, body: { kind: 'topup', amount: '5.00', provider: 'paypal' }, headers: { 'idempotency-key': key } });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { north, onlineDriver, ownPlace, type TestDriver } from './support/drivers';
import { api, DEMO, idToken, type ApiResult } from './support/endpoints';
import { acceptedTrip, bookNowFor, credit, newRider, sumOfEntries, wallet, type TestRider } from './support/trips';

/**
 * Issue 19 item 3: duplicates answer consistently. The rule (docs/architecture.md, "The trip"):
 * a repeat by the same caller of a step that already happened answers as the first did (200, the
 * same body, built from the booking as it is now) and writes nothing; a step the booking can no
 * longer take answers one named 409 key. So N identical calls fired at once answer alike, and
 * money moves once.
 */
const N = 10;
/** The issue's own count for money operations (20 settles answered 12 x 200 and 8 x 409). */
const MONEY_N = 20;

type Status = 'NEW' | 'ACCEPTED' | 'ARRIVED' | 'STARTED' | 'REACHED' | 'PENDING' | 'PAID';
interface Trip { id: string; otp?: number; driver: TestDriver }

describe('identical concurrent calls answer alike, for every trip step and payment', () => {
  let admin: string;
  let rider: TestRider;
  beforeAll(async () => {
    admin = await idToken(DEMO.admin);
    rider = await newRider();
    expect(await credit(rider.id, 2_000_00), 'the test needs the table to fund the rider').toBe(true);
  });

  /** A booking of the rider's in `status`, with the driver who holds its offer or drives it. */
  async function tripAt(status: Status): Promise<Trip> {
    if (status === 'NEW') {
      const here = ownPlace();
      const driver = await onlineDriver(north(here, 1));
      const b = await bookNowFor(rider.id, here);
      expect(b.requestedDrivers[driver.id], 'the driver nearby holds the offer').toBe(true);
      return { id: b.id, otp: b.otp, driver };
    }
    const { driver, booking } = await acceptedTrip(rider);
    const trip = { id: booking.id, otp: booking.otp, driver };
    const steps: [Status, string, unknown][] = [
      ['ARRIVED', 'arrive', {}], ['STARTED', 'start', booking.otp !== undefined ? { otp: String(booking.otp) } : {}], ['REACHED', 'reach', {}],
    ];
    const order: Status[] = ['ACCEPTED', 'ARRIVED', 'STARTED', 'REACHED', 'PENDING', 'PAID'];
    for (const [to, path, body] of steps) {
      if (order.indexOf(status) < order.indexOf(to)) return trip;
      const res = await api('POST', `/bookings/${trip.id}/${path}`, { token: driver.token, body });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    if (status === 'PENDING' || status === 'PAID') {
      const res = await api('POST', `/bookings/${trip.id}/settle`, { token: driver.token, body: { method: status === 'PAID' ? 'cash' : 'later' } });
      expect(res.body.status).toBe(status);
    }
    return trip;
  }

  /** Fires n identical calls at once. */
  const burst = (n: number, call: () => Promise<ApiResult>) => Promise.all(Array.from({ length: n }, call));

  /** Every wallet the step may touch: each txRef once, each balance the sum of its entries. */
  async function movedOnce(trip: Trip) {
    for (const token of [rider.token, trip.driver.token]) {
      const w = await wallet(token);
      const refs = w.items.map((e) => e.txRef);
      expect(new Set(refs).size, `no txRef twice: ${refs.join(', ')}`).toBe(refs.length);
      expect(w.balance).toBeCloseTo(sumOfEntries(w.items), 2);
    }
  }

  type Case = {
    step: string; at: Status; who: 'driver' | 'rider' | 'admin'; path: string; body?: (t: Trip) => unknown;
    /** The answer every call must give: 200 (with one body for all), or the one 409 key. */
    expect: { status: 200; check?: (body: any) => void } | { status: 409; code: string };
    /** Money the step moves once, by wallet entry reason, for the booking. */
    money?: { who: 'driver' | 'rider'; reasons: string[] };
  };

  const cases: Case[] = [
    { step: 'accept', at: 'NEW', who: 'driver', path: 'accept', expect: { status: 200, check: (b) => expect(b.status).toBe('ACCEPTED') } },
    { step: 'decline', at: 'NEW', who: 'driver', path: 'decline', expect: { status: 200, check: (b) => expect(b).toEqual({ declined: true }) } },
    { step: 'release', at: 'ACCEPTED', who: 'driver', path: 'release', expect: { status: 200, check: (b) => expect(b).toEqual({ released: true }) } },
    { step: 'arrive', at: 'ACCEPTED', who: 'driver', path: 'arrive', expect: { status: 200, check: (b) => expect(b.status).toBe('ARRIVED') } },
    {
      step: 'start', at: 'ARRIVED', who: 'driver', path: 'start', body: (t) => (t.otp !== undefined ? { otp: String(t.otp) } : {}),
      expect: { status: 200, check: (b) => expect(b.status).toBe('STARTED') },
    },
    { step: 'reach', at: 'STARTED', who: 'driver', path: 'reach', expect: { status: 200, check: (b) => expect(b.status).toBe('REACHED') } },
    {
      step: 'settle cash', at: 'REACHED', who: 'driver', path: 'settle', body: () => ({ method: 'cash' }),
      expect: { status: 200, check: (b) => expect(b).toMatchObject({ status: 'PAID', payment_mode: 'cash' }) },
      money: { who: 'driver', reasons: ['TripShare', 'CashCollected'] },
    },
    {
      step: 'settle later', at: 'REACHED', who: 'driver', path: 'settle', body: () => ({ method: 'later' }),
      expect: { status: 200, check: (b) => expect(b.status).toBe('PENDING') },
    },
    {
      step: 'pay from wallet', at: 'REACHED', who: 'rider', path: 'pay', body: () => ({ method: 'wallet' }),
      expect: { status: 200, check: (b) => expect(b.booking).toMatchObject({ status: 'PAID', payment_mode: 'wallet' }) },
      money: { who: 'rider', reasons: ['TripPayment'] },
    },
    {
      step: 'Pay now (card packet)', at: 'PENDING', who: 'rider', path: 'pay', body: () => ({ method: 'card' }),
      expect: { status: 200, check: (b) => expect(b).toMatchObject({ booking: { status: 'PENDING', paymentPacket: { payment_mode: 'card' } }, selectedProvider: expect.any(String) }) },
    },
    { step: 'complete', at: 'PAID', who: 'rider', path: 'complete', body: () => ({ rating: 4 }), expect: { status: 200, check: (b) => expect(b.status).toBe('COMPLETE') } },
    {
      step: 'cancel by the rider', at: 'ARRIVED', who: 'rider', path: 'cancel', body: () => ({ reason: 'Changed my mind' }),
      expect: { status: 200, check: (b) => expect(b).toMatchObject({ status: 'CANCELLED', cancelledBy: 'rider' }) },
    },
    {
      step: 'cancel by an admin', at: 'NEW', who: 'admin', path: 'cancel', body: () => ({ reason: 'Admin test' }),
      expect: { status: 200, check: (b) => expect(b).toMatchObject({ status: 'CANCELLED', cancelledBy: 'admin' }) },
    },
    // Steps the booking can no longer take: one key for every call.
    { step: 'arrive after the start', at: 'STARTED', who: 'driver', path: 'arrive', expect: { status: 409, code: 'booking_moved_on' } },
    { step: 'settle later after cash', at: 'PAID', who: 'driver', path: 'settle', body: () => ({ method: 'later' }), expect: { status: 409, code: 'booking_already_paid' } },
    { step: 'pay from wallet after cash', at: 'PAID', who: 'rider', path: 'pay', body: () => ({ method: 'wallet' }), expect: { status: 409, code: 'booking_already_paid' } },
  ];

  it.each(cases)('$step ($at, $who): identical calls at once', async (c) => {
    const n = c.money ? MONEY_N : N;
    const trip = await tripAt(c.at);
    const token = c.who === 'driver' ? trip.driver.token : c.who === 'rider' ? rider.token : admin;
    const before = c.money ? await wallet(c.money.who === 'rider' ? rider.token : trip.driver.token) : undefined;
    const answers = await burst(n, () => api('POST', `/bookings/${trip.id}/${c.path}`, { token, body: c.body?.(trip) ?? {} }));
    const seen = answers.map((a) => ({ status: a.status, body: a.body }));
    if (c.expect.status === 200) {
      expect(seen.map((s) => s.status), JSON.stringify(seen.filter((s) => s.status !== 200))).toEqual(Array(n).fill(200));
      for (const s of seen) expect(s.body, 'every answer has the first one\'s body').toEqual(seen[0]!.body);
      c.expect.check?.(seen[0]!.body);
      // And once more, later: the same answer again (a declined booking may meanwhile have been given up by dispatch).
      if (c.step !== 'decline') {
        const again = await api('POST', `/bookings/${trip.id}/${c.path}`, { token, body: c.body?.(trip) ?? {} });
        expect({ status: again.status, body: again.body }).toEqual(seen[0]);
      }
    } else {
      const code = c.expect.code;
      expect(seen.map((s) => ({ status: s.status, code: (s.body as { error?: { code?: string } }).error?.code }))).toEqual(Array(n).fill({ status: 409, code }));
    }
    await movedOnce(trip);
    if (c.money && before) {
      const after = await wallet(c.money.who === 'rider' ? rider.token : trip.driver.token);
      const added = after.items.filter((e) => !before.items.some((b) => b.txRef === e.txRef) && e.bookingId === trip.id);
      expect(added.map((e) => e.reason).sort(), 'the step\'s money moved once').toEqual([...c.money.reasons].sort());
    }
  });
});

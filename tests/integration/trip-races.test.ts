import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDriver, north, ownPlace, putOnline, type TestDriver } from './support/drivers';
import { api, DEMO, idToken, type ApiResult } from './support/endpoints';
import { readSettings, saveSettings } from './support/settings-helpers';
import { bookNowFor, credit, newRider, sumOfEntries, wallet, type TestRider } from './support/trips';

/**
 * Races on one booking through the real endpoints. The accept is one transaction conditioned on
 * the booking's version: of many drivers holding an offer, exactly one may win, and the booking,
 * the offers and every driver's queue must tell the same story afterwards.
 */

const DRIVERS = 50;
const ROUNDS = 20;

/** Runs `fn` over `items` with at most `limit` calls in flight: creating 50 Cognito users at once only measures the emulator. */
async function pool<T, R>(items: readonly T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  }));
  return out;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

describe('races on one booking (auto-dispatch off, the admin offers it to every driver)', () => {
  let admin: string;
  let rider: TestRider;
  let here: { lat: number; lng: number };
  let autoDispatchBefore: unknown;
  const drivers: TestDriver[] = [];
  const spot = (i: number) => north(here, 0.5 + i * 0.02);

  beforeAll(async () => {
    admin = await idToken(DEMO.admin);
    autoDispatchBefore = (await readSettings()).settings.autoDispatch;
    // Only an admin's assignment can hand one booking to 50 drivers: dispatch offers a batch of three.
    const off = await saveSettings({ autoDispatch: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    rider = await newRider();
    here = ownPlace();
    // Assign needs each driver dispatchable: approved, online, not on a trip.
    drivers.push(...await pool(Array.from({ length: DRIVERS }, (_, i) => i), 6, async (i) => {
      const d = await newDriver();
      await putOnline(d, spot(i));
      return d;
    }));
  }, 300_000);

  afterAll(async () => {
    // Later files must find the drivers gone from the map and the settings as they were.
    await pool(drivers, 10, (d) => api('PUT', '/drivers/me/availability', { token: d.token, body: { online: false } }));
    const restored = await saveSettings({ autoDispatch: autoDispatchBefore ?? true });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
  });

  const booking = async (id: string) => (await api('GET', `/bookings/${id}`, { token: admin })).body;
  const queued = async (d: TestDriver) => (await api('GET', '/drivers/me', { token: d.token })).body.queue === true;
  const offered = async (d: TestDriver, bookingId: string) =>
    (await api('GET', '/drivers/me/offers', { token: d.token })).body.items.some((o: { bookingId: string }) => o.bookingId === bookingId);

  /** A NEW booking of the rider's with a live offer for each of `to`, assigned one after another (each assign bumps the booking's version). */
  async function offeredTo(to: readonly TestDriver[]) {
    // Book Now needs a driver in the geo index, whose entries stop matching after 60 s: a ping
    // keeps the first driver findable however long the rounds so far took.
    const first = drivers.indexOf(to[0]!);
    expect((await api('POST', '/drivers/me/location', { token: to[0]!.token, body: spot(first) })).status).toBe(200);
    const created = await bookNowFor(rider.id, here);
    expect(created.requestedDrivers ?? {}).toEqual({});
    for (const d of to) {
      const res = await api('POST', `/bookings/${created.id}/assign`, { token: admin, body: { driverId: d.id } });
      expect(res.status, `assign ${d.id}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    return created;
  }

  it(`${DRIVERS} simultaneous accepts of one booking, ${ROUNDS} times: exactly one winner each time; booking, offers and driver queue agree`, async () => {
    const raceMs: number[] = [];
    const acceptMs: number[] = [];
    const losers: Record<number, number> = {};
    let singleWinners = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const created = await offeredTo(drivers);
      expect(Object.keys((await booking(created.id)).requestedDrivers).length).toBe(DRIVERS);

      const started = performance.now();
      const results = await Promise.all(drivers.map(async (d) => {
        const t = performance.now();
        const res: ApiResult = await api('POST', `/bookings/${created.id}/accept`, { token: d.token, body: {} });
        acceptMs.push(performance.now() - t);
        return { driver: d, res };
      }));
      raceMs.push(performance.now() - started);

      const statuses = results.map((r) => r.res.status);
      expect(statuses.filter((s) => s >= 500), JSON.stringify(results.filter((r) => r.res.status >= 500).map((r) => r.res.body))).toEqual([]);
      const winners = results.filter((r) => r.res.status === 200);
      expect(winners, `round ${round}: ${JSON.stringify(statuses)}`).toHaveLength(1);
      // A loser either lost the version race (409) or read the booking after the winner revoked its offer (404).
      expect(statuses.filter((s) => s !== 200).every((s) => s === 409 || s === 404), JSON.stringify(statuses)).toBe(true);
      for (const s of statuses) if (s !== 200) losers[s] = (losers[s] ?? 0) + 1;
      const winner = winners[0]!.driver;

      const stored = await booking(created.id);
      expect(stored).toMatchObject({ status: 'ACCEPTED', driver: winner.id, requestedDrivers: {}, offersOut: 0 });
      const [offersLeft, queues] = await Promise.all([
        pool(drivers, 10, (d) => offered(d, created.id)),
        pool(drivers, 10, queued),
      ]);
      expect(drivers.filter((_, i) => offersLeft[i]).map((d) => d.id)).toEqual([]);
      expect(drivers.filter((_, i) => queues[i]).map((d) => d.id)).toEqual([winner.id]);
      singleWinners++;

      // The admin's cancel of an ACCEPTED booking frees the winner for the next round.
      const cancelled = await api('POST', `/bookings/${created.id}/cancel`, { token: admin, body: { reason: 'Race over' } });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(await queued(winner)).toBe(false);
    }
    const ms = (v: number) => `${Math.round(v)} ms`;
    console.log(
      `accept race: ${singleWinners}/${ROUNDS} single winners of ${DRIVERS} drivers; losers ${Object.entries(losers).map(([s, n]) => `${n}x${s}`).join(', ')}; ` +
      `race (all ${DRIVERS} answered) p50 ${ms(percentile(raceMs, 50))}, p95 ${ms(percentile(raceMs, 95))}, max ${ms(Math.max(...raceMs))}; ` +
      `single accept p50 ${ms(percentile(acceptMs, 50))}, p95 ${ms(percentile(acceptMs, 95))}, max ${ms(Math.max(...acceptMs))}`,
    );
  }, 600_000);

  it("the rider's cancel against the driver's arrive on an ACCEPTED booking: one wins or both in order, and booking, queue and wallets agree", async () => {
    // Money in the rider's wallet, so a slab fee (if one applies) could really be moved.
    await credit(rider.id, 50_00);
    const outcomes: Record<string, number> = {};
    const raceMs: number[] = [];
    for (let round = 0; round < 10; round++) {
      const driver = drivers[round]!;
      const created = await offeredTo([driver]);
      const accepted = await api('POST', `/bookings/${created.id}/accept`, { token: driver.token, body: {} });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

      const started = performance.now();
      const [cancel, arrive] = await Promise.all([
        api('POST', `/bookings/${created.id}/cancel`, { token: rider.token, body: { reason: 'Changed my mind' } }),
        api('POST', `/bookings/${created.id}/arrive`, { token: driver.token, body: {} }),
      ]);
      raceMs.push(performance.now() - started);
      expect([cancel.status, arrive.status].every((s) => s === 200 || s === 409), `cancel ${cancel.status} ${JSON.stringify(cancel.body)}, arrive ${arrive.status} ${JSON.stringify(arrive.body)}`).toBe(true);
      expect([cancel.status, arrive.status]).toContain(200);
      const key = `cancel ${cancel.status} / arrive ${arrive.status}`;
      outcomes[key] = (outcomes[key] ?? 0) + 1;

      const stored = await booking(created.id);
      if (cancel.status === 200) {
        // Cancelled, whether or not the arrive got in first (a rider may cancel an ARRIVED trip): the driver is free.
        expect(stored).toMatchObject({ status: 'CANCELLED', cancelledBy: 'rider', driver: driver.id });
        if (arrive.status === 200) expect(stored.driver_arrive_time).toEqual(expect.any(Number));
        else expect(stored.driver_arrive_time).toBeUndefined();
        expect(await queued(driver)).toBe(false);
      } else {
        expect(stored).toMatchObject({ status: 'ARRIVED', driver: driver.id, driver_arrive_time: expect.any(Number) });
        expect(await queued(driver)).toBe(true);
        // Free the driver for the rounds to come (an admin may not cancel an ARRIVED trip; the rider may).
        const after = await api('POST', `/bookings/${created.id}/cancel`, { token: rider.token, body: { reason: 'Changed my mind' } });
        expect(after.status, JSON.stringify(after.body)).toBe(200);
        expect(await queued(driver)).toBe(false);
      }
      // Whatever the order, the ledger holds: a fee moved at most once and both wallets equal their entries.
      const [riderWallet, driverWallet] = await Promise.all([wallet(rider.token), wallet(driver.token)]);
      for (const w of [riderWallet, driverWallet]) expect(w.balance).toBeCloseTo(sumOfEntries(w.items), 2);
      const fees = (w: typeof riderWallet) => w.items.filter((e) => e.bookingId === created.id && e.reason === 'CancellationFee');
      expect(fees(riderWallet).length).toBeLessThanOrEqual(1);
      expect(sumOfEntries(fees(driverWallet))).toBeCloseTo(-sumOfEntries(fees(riderWallet)), 2);
      expect(sumOfEntries(fees(driverWallet))).toBeCloseTo(stored.cancellation_fee ?? 0, 2);
    }
    console.log(`cancel vs arrive: ${Object.entries(outcomes).map(([k, n]) => `${n}x ${k}`).join('; ')}; race p50 ${Math.round(percentile(raceMs, 50))} ms`);
  }, 300_000);
});

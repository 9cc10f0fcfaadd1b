import geohash from 'ngeohash';
import type WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { north, ownPlace, point, putOnline, type TestDriver } from './support/drivers';
import { api, DEMO, idToken } from './support/endpoints';
import { fleetDriver, newFleetAdmin, paidTrip } from './support/fleets';
import { acceptedTrip, bookNowFor, newRider, type TestRider } from './support/trips';
import { sampleBooking } from './support/sample-requests';
import { open, subscribe } from './support/ws';

type Figures = { gross: number; tripCost: number; driverShare: number; discount: number; customerPaid: number; bookings: number; paidBookings: number };
type Dashboard = { scope: string; day: string; month: string; today: Figures; thisMonth: Figures; total: Figures; days: (Figures & { day: string })[] };
type ActiveDriver = { uid: string; name: string; vehicleNumber?: string; carType: string; status: string; lat: number; lng: number; at: number; fleetadmin?: string };
type Positions = { type: 'positions'; topic: string; drivers: { uid: string; lat: number; lng: number; at: number; status: string }[]; gone: string[] };

const r2 = (x: number) => Math.round(x * 100) / 100;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Spec §2 /dashboard: the earnings cards move by exactly what a paid trip adds (read from the
 * aggregates only), the live map's roster and its batched positions are scoped like the REST
 * reads (spec §6), and the demand layer counts bookings and requests nobody served.
 */
describe('dashboard', () => {
  let admin: string;
  let rider: TestRider;
  let fleetA: { id: string; token: string };
  let fleetB: { id: string; token: string };
  const sockets: WebSocket[] = [];




  const dashboard = async (token: string) => api<Dashboard>('GET', '/dashboard', { token });
  const roster = async (token: string) => api<{ items: ActiveDriver[] }>('GET', '/dashboard/drivers', { token });
  const ping = (d: TestDriver, at: { lat: number; lng: number }) => api('POST', '/drivers/me/location', { token: d.token, body: at });

  beforeAll(async () => {
    admin = await idToken(DEMO.admin);
    rider = await newRider();
    [fleetA, fleetB] = [await newFleetAdmin(admin), await newFleetAdmin(admin)];
  });

  afterAll(() => {
    for (const ws of sockets) ws.close();
  });

  it('a paid trip moves today\'s, this month\'s and the total cards by exactly its amounts, for the platform and the driver\'s fleet only', async () => {
    const driver = await fleetDriver(fleetA);
    const [allBefore, aBefore, bBefore] = await Promise.all([dashboard(admin), dashboard(fleetA.token), dashboard(fleetB.token)]);
    expect(allBefore.status).toBe(200);
    expect(allBefore.body.scope).toBe('all');
    expect(aBefore.body.scope).toBe('fleet');
    const trip = await paidTrip(driver, rider.id);
    expect(trip.convenience_fees).toBeGreaterThan(0);
    const [allAfter, aAfter, bAfter] = await Promise.all([dashboard(admin), dashboard(fleetA.token), dashboard(fleetB.token)]);

    const moved = (before: Figures, after: Figures) => expect(after).toEqual({
      ...before,
      gross: r2(before.gross + trip.convenience_fees),
      tripCost: r2(before.tripCost + trip.trip_cost),
      rideCost: r2((before as Figures & { rideCost: number }).rideCost + trip.trip_cost - trip.convenience_fees),
      driverShare: r2(before.driverShare + trip.driver_share),
      customerPaid: r2(before.customerPaid + trip.customer_paid),
      profit: r2((before as Figures & { profit: number }).profit + trip.convenience_fees - (trip.discount ?? 0)),
      discount: r2(before.discount + (trip.discount ?? 0)),
      bookings: before.bookings + 1,
      paidBookings: before.paidBookings + 1,
    });
    for (const [before, after] of [[allBefore.body, allAfter.body], [aBefore.body, aAfter.body]] as const) {
      moved(before.today, after.today);
      moved(before.thisMonth, after.thisMonth);
      moved(before.total, after.total);
      expect(after.days).toHaveLength(30);
      expect(after.days.at(-1)).toEqual({ day: after.day, ...after.today });
    }
    // A new fleet's first trip: its cards are exactly that trip.
    expect(aAfter.body.total.gross).toBe(trip.convenience_fees);
    expect(aAfter.body.total.bookings).toBe(1);
    // Another fleet's cards do not move.
    expect(bAfter.body.total).toEqual(bBefore.body.total);
    // Aggregates only: the admission and one wait for the two queries.
    expect(Number(allAfter.headers.get('x-ddb-round-trips'))).toBeLessThanOrEqual(2);
  });

  it('riders and drivers get no dashboard', async () => {
    for (const path of ['/dashboard', '/dashboard/drivers', '/dashboard/demand']) {
      expect((await api('GET', path, { token: rider.token })).status).toBe(403);
      expect((await api('GET', path, { token: await idToken(DEMO.driver) })).status).toBe(403);
    }
  });

  it('the roster lists an online driver with its position (a fleet admin only its own), and drops them when they go offline', async () => {
    // Fleets of this test's own: earlier tests' drivers are still online.
    const [fleetC, fleetD] = [await newFleetAdmin(admin), await newFleetAdmin(admin)];
    const a = await fleetDriver(fleetC);
    const b = await fleetDriver(fleetD);
    const here = ownPlace();
    await putOnline(a, here);
    await putOnline(b, north(here, 2));
    const moved = north(here, 0.5);
    expect((await ping(a, moved)).status).toBe(200);

    const all = await roster(admin);
    expect(all.status).toBe(200);
    const seenA = all.body.items.find((d) => d.uid === a.id);
    expect(seenA).toMatchObject({ name: expect.stringMatching(/^Fleet Driver /), vehicleNumber: expect.stringMatching(/^F-/), carType: 'Economy', status: 'free', lat: moved.lat, lng: moved.lng, fleetadmin: fleetC.id });
    expect(all.body.items.map((d) => d.uid)).toContain(b.id);
    expect(Number(all.headers.get('x-ddb-round-trips'))).toBeLessThanOrEqual(3);

    const ofA = (await roster(fleetC.token)).body.items.map((d) => d.uid);
    expect(ofA).toEqual([a.id]);
    expect((await roster(fleetD.token)).body.items.map((d) => d.uid)).toEqual([b.id]);

    expect((await api('PUT', '/drivers/me/availability', { token: a.token, body: { online: false } })).status).toBe(200);
    expect((await roster(admin)).body.items.map((d) => d.uid)).not.toContain(a.id);
    expect((await roster(fleetC.token)).body.items).toEqual([]);
    // An offline driver's pings do not bring them back.
    await ping(a, here);
    expect((await roster(admin)).body.items.map((d) => d.uid)).not.toContain(a.id);
  });

  it('shows a driver holding a trip as on a trip, with the trip', async () => {
    const { driver, booking } = await acceptedTrip(rider);
    const seen = (await roster(admin)).body.items.find((d) => d.uid === driver.id);
    expect(seen).toMatchObject({ status: 'trip', bookingId: booking.id, tripStatus: 'ACCEPTED' });
  });

  it('follows drivers/all in batches: fewer messages than pings, the newest point of each driver, and offline drivers gone', async () => {
    const drivers = [await fleetDriver(fleetA), await fleetDriver(fleetA), await fleetDriver(fleetB)];
    const here = ownPlace();
    for (const d of drivers) await putOnline(d, here);

    const ws = await open(admin);
    sockets.push(ws);
    expect(await subscribe(ws, 'drivers/all')).toBe('subscribed');
    const fleetWs = await open(fleetA.token);
    sockets.push(fleetWs);
    expect(await subscribe(fleetWs, `drivers/fleet/${fleetA.id}`)).toBe('subscribed');
    const ids = new Set(drivers.map((d) => d.id));
    const received: Positions[] = [];
    const fleetReceived: Positions[] = [];
    ws.on('message', (raw) => {
      const m = JSON.parse(raw.toString());
      if (m.type === 'positions' && (m.drivers.some((d: { uid: string }) => ids.has(d.uid)) || m.gone.some((u: string) => ids.has(u)))) received.push(m);
    });
    fleetWs.on('message', (raw) => {
      const m = JSON.parse(raw.toString());
      if (m.type === 'positions') fleetReceived.push(m);
    });

    // Nine pings, three per driver, as fast as they go.
    let pings = 0;
    const last = new Map<string, { lat: number; lng: number }>();
    for (let step = 1; step <= 3; step++) {
      await Promise.all(drivers.map(async (d, i) => {
        const p = north(here, step * 0.2 + i * 0.01);
        expect((await ping(d, p)).status).toBe(200);
        last.set(d.id, p);
        pings += 1;
      }));
    }
    const deadline = Date.now() + 10_000;
    const newest = () => {
      const seen = new Map<string, { lat: number; lng: number }>();
      for (const m of received) for (const d of m.drivers) if (ids.has(d.uid)) seen.set(d.uid, { lat: d.lat, lng: d.lng });
      return seen;
    };
    while (Date.now() < deadline && [...last].some(([uid, p]) => newest().get(uid)?.lat !== p.lat)) await pause(200);
    for (const [uid, p] of last) expect(newest().get(uid)).toEqual(p);
    expect(received.length).toBeGreaterThan(0);
    expect(received.length).toBeLessThan(pings);
    expect(received.every((m) => m.topic === 'drivers/all')).toBe(true);

    // The fleet admin's topic carries its own drivers only.
    const fleetUids = new Set(fleetReceived.flatMap((m) => m.drivers.map((d) => d.uid)));
    expect(fleetUids.has(drivers[0]!.id) || fleetUids.has(drivers[1]!.id)).toBe(true);
    expect(fleetUids.has(drivers[2]!.id)).toBe(false);
    expect(fleetReceived.every((m) => m.topic === `drivers/fleet/${fleetA.id}`)).toBe(true);

    // Going offline: the driver is in a batch's `gone` list.
    expect((await api('PUT', '/drivers/me/availability', { token: drivers[2]!.token, body: { online: false } })).status).toBe(200);
    const goneBy = Date.now() + 10_000;
    while (Date.now() < goneBy && !received.some((m) => m.gone.includes(drivers[2]!.id))) await pause(200);
    expect(received.some((m) => m.gone.includes(drivers[2]!.id))).toBe(true);
  });

  it('a fleet admin may not follow every driver or another fleet\'s; riders and drivers neither', async () => {
    const fleet = await open(fleetA.token);
    sockets.push(fleet);
    expect(await subscribe(fleet, 'drivers/all')).toBe('forbidden');
    expect(await subscribe(fleet, `drivers/fleet/${fleetB.id}`)).toBe('forbidden');
    const riderWs = await open(rider.token);
    sockets.push(riderWs);
    expect(await subscribe(riderWs, 'drivers/all')).toBe('forbidden');
    expect(await subscribe(riderWs, `drivers/fleet/${fleetA.id}`)).toBe('forbidden');
    const driverWs = await open(await idToken(DEMO.driver));
    sockets.push(driverWs);
    expect(await subscribe(driverWs, 'drivers/all')).toBe('forbidden');
    const adminWs = await open(admin);
    sockets.push(adminWs);
    expect(await subscribe(adminWs, `drivers/fleet/${fleetB.id}`)).toBe('subscribed');
  });

  it('demand cells count a booking where it was asked, and a Book Now that found no driver', async () => {
    const demand = async (token = admin) => {
      const res = await api<{ day: string; items: { cell: string; lat: number; lng: number; bookings: number; unserved: number }[] }>('GET', '/dashboard/demand', { token });
      expect(res.status).toBe(200);
      return res.body.items;
    };
    // A place in a 5 km cell nobody asked a ride in today: other tests book at random places too.
    const taken = new Set((await demand()).map((c) => c.cell));
    let here = ownPlace();
    while (taken.has(geohash.encode(here.lat, here.lng, 5))) here = ownPlace();
    const cell = geohash.encode(here.lat, here.lng, 5);
    const cellOf = async (token = admin) => (await demand(token)).find((c) => c.cell === cell);
    expect(await cellOf()).toBeUndefined();

    // Nobody drives near this place: the Book Now is refused and counted as unserved.
    const refused = await api('POST', '/bookings', {
      token: admin,
      body: await sampleBooking({ bookLater: false, tripdate: null, riderId: rider.id, pickup: point(here, 'Pickup here'), drop: point(north(here, 3), 'Drop there') }),
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.error.code).toBe('no_driver_found_alert_messege');
    expect(await cellOf()).toMatchObject({ bookings: 0, unserved: 1 });

    // With a driver near, the booking is made and counted in the same cell.
    const driver = await fleetDriver(fleetA);
    await putOnline(driver, north(here, 1));
    await bookNowFor(rider.id, here, 3);
    const counted = await cellOf();
    expect(counted).toMatchObject({ bookings: 1, unserved: 1 });
    const centre = geohash.decode(cell);
    expect(Math.abs(counted!.lat - centre.latitude)).toBeLessThan(0.001);
    expect(Math.abs(counted!.lng - centre.longitude)).toBeLessThan(0.001);
    // Platform-wide counts without personal data: a fleet admin sees the same cells.
    expect(await cellOf(fleetA.token)).toEqual(counted);

    for (const q of ['day=2026-13-01', 'day=yesterday', 'from=2026-01-01']) {
      expect((await api('GET', `/dashboard/demand?${q}`, { token: admin })).status).toBe(400);
    }
    expect((await api('GET', '/dashboard/demand?day=1990-01-01', { token: admin })).body).toEqual({ day: '1990-01-01', items: [] });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import geohash from 'ngeohash';
import WebSocket from 'ws';
import { calculateFare, ratesFromCarType } from '../../shared/src/domain/fare';
import { toDecimal } from '../../shared/src/domain/money';
import { onlineDriver, north, ownPlace, point } from './support/drivers';
import { api, DEMO, endpoints, idToken } from './support/endpoints';
import { sampleBooking } from './support/sample-requests';
import { inDemoMode, saveSettings } from './support/settings-helpers';

const SF = { lat: 37.7749, lng: -122.4194, add: 'San Francisco, CA, US' };
const OAKLAND = { lat: 37.8044, lng: -122.2712, add: 'Oakland, CA, US' };
const ECONOMY = { base_fare: 2.5, rate_per_unit_distance: 1.2, rate_per_hour: 12, min_fare: 6, convenience_fees: 10, convenience_fee_type: 'percentage' as const };

let rider: string;
let rider2: string;
let admin: string;
let riderId: string;

beforeAll(async () => {
  [rider, rider2, admin] = await Promise.all([idToken(DEMO.rider), idToken(DEMO.rider2), idToken(DEMO.admin)]);
  riderId = (await api('GET', '/me', { token: rider })).body.id;
});

async function myBookingIds(token: string): Promise<string[]> {
  const res = await api('GET', '/bookings?limit=100', { token });
  return res.body.items.map((b: { id: string }) => b.id);
}

describe('estimate (spec §9 fare on the server\'s route)', () => {
  it('prices the route the server computes, with the car type\'s rates and fee', async () => {
    const route = await api('POST', '/geo/route', { token: rider, body: { start: `${SF.lat},${SF.lng}`, dest: `${OAKLAND.lat},${OAKLAND.lng}` } });
    const est = await api('POST', '/bookings/estimate', { token: rider, body: { pickup: SF, drop: OAKLAND, carTypeId: 'economy' } });
    expect(est.status, JSON.stringify(est.body)).toBe(200);
    const fare = calculateFare({ rates: ratesFromCarType(ECONOMY), distance: route.body.distance, durationSeconds: route.body.duration });
    expect(est.body).toMatchObject({
      carType: 'Economy', estimateFare: toDecimal(fare.grandTotal), totalFare: toDecimal(fare.totalFare),
      convenience_fees: toDecimal(fare.convenienceFees), driver_share: toDecimal(fare.driverShare), distanceUnit: 'km',
    });
    expect(est.body.route.coords.length).toBeGreaterThan(2);
    expect(Number(est.headers.get('x-ddb-round-trips'))).toBeLessThanOrEqual(2);
  });

  it('refuses a price, a share or a status sent by the client', async () => {
    for (const extra of [{ estimateFare: 1 }, { driver_share: 1 }, { status: 'PAID' }]) {
      const res = await api('POST', '/bookings/estimate', { token: rider, body: { pickup: SF, drop: OAKLAND, carTypeId: 'economy', ...extra } });
      expect(res.status).toBe(400);
    }
  });

  it('says No Route Found when there is none', async () => {
    const res = await api('POST', '/bookings/estimate', { token: rider, body: { pickup: SF, drop: { lat: 48.85, lng: 2.35, add: 'Paris' }, carTypeId: 'economy' } });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'no_route_found', message: 'No Route Found' });
  });
});

describe('addBooking (spec §5 booking checks, §4 creation)', () => {
  it('books later as a rider: PAYMENT_PENDING in delivery mode, a 5-digit trip code, the server\'s fare', async () => {
    const body = await sampleBooking();
    const res = await api('POST', '/bookings', { token: rider, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 'PAYMENT_PENDING', customer: riderId, booking_type_admin: false, bookLater: true, tripdate: body.tripdate, carType: 'Economy' });
    expect(res.body.otp).toBeGreaterThanOrEqual(10000);
    expect(res.body.otp).toBeLessThanOrEqual(99999);
    expect(res.body.booking_id).toBe(res.body.id);
    const est = await api('POST', '/bookings/estimate', { token: rider, body: { pickup: body.pickup, drop: body.drop, carTypeId: 'economy' } });
    expect(res.body.trip_cost).toBe(est.body.estimateFare);
    expect(await myBookingIds(rider)).toContain(res.body.id);
    expect(Number(res.headers.get('x-ddb-round-trips'))).toBeLessThanOrEqual(4);
  });

  it('reports the §5 checks in order, each with its key, and writes nothing', async () => {
    const before = await myBookingIds(rider);
    const cases: [Record<string, unknown>, string][] = [
      [{ pickup: null, drop: null, carTypeId: null }, 'select_proper'],
      [{ drop: null }, 'select_proper'],
      [{ carTypeId: 'no-such-car' }, 'select_proper'],
      [{ tripdate: null }, 'select_proper'],
      [{ tripdate: Date.now() - 60_000 }, 'past_booking_error'],
      [{ tripdate: Date.now() + 10 * 60_000 }, 'past_booking_error'],
      [{ instructionData: { deliveryPerson: ' ', deliveryPersonPhone: '555 123 4567' } }, 'deliveryDetailMissing'],
      [{ instructionData: { deliveryPerson: 'Pat', deliveryPersonPhone: '12' } }, 'deliveryDetailMissing'],
      [{ bookLater: false, pickup: { lat: 64.15, lng: -21.94, add: 'Reykjavik' }, drop: { lat: 64.1, lng: -21.8, add: 'Kopavogur' } }, 'no_driver_found_alert_messege'],
    ];
    for (const [change, code] of cases) {
      const res = await api('POST', '/bookings', { token: rider, body: await sampleBooking(change) });
      expect(res.body.error?.code, JSON.stringify(change)).toBe(code);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(await myBookingIds(rider)).toEqual(before);
  });

  it('refuses bad input with 400 and no write: coordinates out of range, a huge address, a price, a status or a share', async () => {
    const before = await myBookingIds(rider);
    const bad = [
      { pickup: { lat: 91, lng: 0, add: 'North of north' } },
      { drop: { lat: 0, lng: 181, add: 'East of east' } },
      { pickup: { ...SF, add: 'x'.repeat(5000) } },
      { trip_cost: 1 }, { status: 'PAID' }, { driver_share: 99 }, { estimate: 0.01 }, { otp: 12345 },
    ];
    for (const change of bad) {
      const res = await api('POST', '/bookings', { token: rider, body: await sampleBooking(change) });
      expect(res.status, JSON.stringify(change).slice(0, 80)).toBe(400);
    }
    expect(await myBookingIds(rider)).toEqual(before);
  });

  it('makes one booking from 20 simultaneous retries with one Idempotency-Key', async () => {
    const body = await sampleBooking();
    const key = `retry-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const send = () => fetch(`${endpoints().apiUrl}/bookings`, {
      method: 'POST', headers: { authorization: `Bearer ${rider}`, 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, body: await r.json() as any }));
    const results = await Promise.all(Array.from({ length: 20 }, send));
    // Each answer is the first answer (201) or, while the first still runs, idempotency_in_progress.
    const made = results.filter((r) => r.status === 201);
    expect(made.length).toBeGreaterThanOrEqual(1);
    for (const r of results.filter((x) => x.status !== 201)) expect([r.status, r.body.error.code]).toEqual([409, 'idempotency_in_progress']);
    const ids = new Set(made.map((r) => r.body.id));
    expect(ids.size).toBe(1);
    const mine = await myBookingIds(rider);
    expect(mine.filter((id) => ids.has(id))).toHaveLength(1);
    // The same key for another booking is refused.
    const other = await fetch(`${endpoints().apiUrl}/bookings`, {
      method: 'POST', headers: { authorization: `Bearer ${rider}`, 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify({ ...body, tripdate: body.tripdate + 60_000 }),
    });
    expect(other.status).toBe(422);
    // Once the first has answered, a retry gets exactly that answer.
    expect(await send()).toEqual(made[0]);
  });

  it('demo mode (spec §6): a booking\'s contact copies read \'Hidden\', a user\'s own contact details \'Hidden for Demo\'', async () => {
    const rider = await idToken(DEMO.rider);
    const admin = await idToken(DEMO.admin);
    const made = await api('POST', '/bookings', { token: rider, body: await sampleBooking({ riderId: undefined }) });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await inDemoMode(async () => {
      const seen = (await api('GET', `/bookings/${made.body.id}`, { token: admin })).body;
      expect(seen).toMatchObject({ customer_contact: 'Hidden', customer_email: 'Hidden' });
      const riders = (await api('GET', '/users?usertype=rider&limit=5', { token: admin })).body.items as { email: string; mobile: string }[];
      expect(riders.length).toBeGreaterThan(0);
      for (const r of riders) expect([r.email, r.mobile]).toEqual(['Hidden for Demo', 'Hidden for Demo']);
    });
    // The rider always sees their own booking's details.
    expect((await api('GET', `/bookings/${made.body.id}`, { token: rider })).body.customer_email).toBe(DEMO.rider);
    await api('POST', `/bookings/${made.body.id}/cancel`, { token: admin, body: { reason: 'Test over' } });
  });

  it('tells a driver or a fleet admin that only riders book (user_issue_contact_admin)', async () => {
    for (const who of [DEMO.driver, DEMO.fleetadmin]) {
      const res = await api('POST', '/bookings', { token: await idToken(who), body: await sampleBooking() });
      expect(res.body.error?.code, who).toBe('user_issue_contact_admin');
    }
  });

  it('lets an admin book for a rider (NEW, booking_type_admin in delivery mode) and needs the rider', async () => {
    const missing = await api('POST', '/bookings', { token: admin, body: await sampleBooking({ riderId: null }) });
    expect(missing.body.error?.code).toBe('select_proper');
    const notRider = await api('POST', '/bookings', { token: admin, body: await sampleBooking({ riderId: (await api('GET', '/me', { token: admin })).body.id }) });
    expect(notRider.body.error?.code).toBe('select_proper');
    const res = await api('POST', '/bookings', { token: admin, body: await sampleBooking() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 'NEW', customer: riderId, booking_type_admin: true, createdByAdmin: true });
    expect(await myBookingIds(rider)).toContain(res.body.id);
  });
});

describe('booking lists and one booking (spec §6)', () => {
  it('shows each audience its own, newest trip first, by cursor, filtered by status and date', async () => {
    const a = await api('POST', '/bookings', { token: rider, body: await sampleBooking({ tripdate: Date.now() + 5 * 3600_000 }) });
    const b = await api('POST', '/bookings', { token: rider, body: await sampleBooking({ tripdate: Date.now() + 6 * 3600_000 }) });
    const page1 = await api('GET', '/bookings?limit=1', { token: rider });
    expect(page1.body.items).toHaveLength(1);
    expect(page1.body.items[0].tripdate).toBeGreaterThanOrEqual(b.body.tripdate);
    const page2 = await api('GET', `/bookings?limit=1&cursor=${encodeURIComponent(page1.body.next)}`, { token: rider });
    expect(page2.body.items[0].id).not.toBe(page1.body.items[0].id);
    const window = await api('GET', `/bookings?from=${a.body.tripdate}&to=${a.body.tripdate}`, { token: rider });
    expect(window.body.items.map((x: { id: string }) => x.id)).toEqual([a.body.id]);
    const cancelledOnly = await api('GET', '/bookings?status=CANCELLED&limit=100', { token: rider });
    expect(cancelledOnly.body.items.every((x: { status: string }) => x.status === 'CANCELLED')).toBe(true);
    expect(await myBookingIds(rider2)).not.toContain(a.body.id);
    const all = await api('GET', '/bookings?limit=100', { token: admin });
    expect(all.body.items.map((x: { id: string }) => x.id)).toContain(a.body.id);
  });

  it('refuses a reversed or out-of-range date window with 400 instead of failing the index query', async () => {
    // Found by the route fuzzer: from > to made DynamoDB refuse the BETWEEN, and a bound past 13 digits sorts wrongly as text.
    for (const q of ['from=153336494&to=2', 'from=90000000000000&to=100000000000000', 'to=10000000000000']) {
      for (const token of [rider, admin]) {
        const res = await api('GET', `/bookings?${q}`, { token });
        expect(res.status, q).toBe(400);
        expect(res.body.error?.code, q).toBeTruthy();
      }
    }
  });

  it('answers 404 to anyone outside the booking\'s audience, and hides the trip code from drivers', async () => {
    const mine = await api('POST', '/bookings', { token: rider, body: await sampleBooking() });
    for (const who of [DEMO.rider2, DEMO.driver, DEMO.fleetadmin]) {
      const res = await api('GET', `/bookings/${mine.body.id}`, { token: await idToken(who) });
      expect(res.status, who).toBe(404);
    }
    const own = await api('GET', `/bookings/${mine.body.id}`, { token: rider });
    expect(own.body.coords.length).toBeGreaterThan(1);
    expect(own.body.requestedDrivers).toBeUndefined();
    expect((await api('GET', '/bookings/BKNOSUCHID', { token: admin })).status).toBe(404);
  });
});

describe('dispatch, offers and cancel (spec §4)', () => {
  it('offers a Book Now booking to the nearest driver, who sees it live; cancelling revokes it at once', async () => {
    const here = ownPlace();
    const near = await onlineDriver(north(here, 1));
    const far = await onlineDriver(north(here, 8));
    const ws = new WebSocket(`${endpoints().wsUrl}?token=${encodeURIComponent(near.token)}`);
    await new Promise((r, j) => { ws.once('open', r); ws.once('error', j); });
    const events: any[] = [];
    ws.on('message', (d) => events.push(JSON.parse(d.toString())));
    ws.send(JSON.stringify({ action: 'subscribe', topic: `offers/${near.id}` }));
    await expect.poll(() => events.some((e) => e.type === 'subscribed')).toBe(true);

    const body = await sampleBooking({ bookLater: false, tripdate: null, pickup: point(here, 'Here'), drop: point(north(here, 5), 'There') });
    const res = await api('POST', '/bookings', { token: admin, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.offersOut).toBe(1);
    expect(Object.keys(res.body.requestedDrivers)).toEqual([near.id]);
    await expect.poll(() => events.some((e) => e.type === 'event' && e.id === res.body.id), { timeout: 5000 }).toBe(true);
    const offers = await api('GET', '/drivers/me/offers', { token: near.token });
    expect(offers.body.items).toEqual([expect.objectContaining({ bookingId: res.body.id, round: 1, assignedByAdmin: false, pickup: body.pickup })]);
    expect(offers.body.items[0].otp).toBeUndefined();
    expect((await api('GET', '/drivers/me/offers', { token: far.token })).body.items).toEqual([]);
    // The driver holding the offer may read the booking, without its trip code.
    const seen = await api('GET', `/bookings/${res.body.id}`, { token: near.token });
    expect(seen.status).toBe(200);
    expect(seen.body.otp).toBeUndefined();

    const otherRider = await api('POST', `/bookings/${res.body.id}/cancel`, { token: rider2, body: { reason: 'Not mine' } });
    expect(otherRider.status).toBe(404);
    const cancel = await api('POST', `/bookings/${res.body.id}/cancel`, { token: rider, body: { reason: 'Changed my mind' } });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body).toMatchObject({ status: 'CANCELLED', reason: 'Changed my mind', cancelledBy: 'rider', offersOut: 0 });
    expect(Number(cancel.headers.get('x-ddb-round-trips'))).toBeLessThanOrEqual(2);
    expect((await api('GET', '/drivers/me/offers', { token: near.token })).body.items).toEqual([]);
    // A repeat of a step that already happened answers as the first did and writes nothing (docs/architecture.md, "The trip").
    const again = await api('POST', `/bookings/${res.body.id}/cancel`, { token: rider, body: { reason: 'Twice' } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'CANCELLED', reason: 'Changed my mind', cancelledBy: 'rider' });
    const messages = await api('GET', '/me/messages', { token: near.token });
    expect(messages.body.items.map((m: { kind: string }) => m.kind)).toEqual(['offer_withdrawn', 'new_booking']);
    ws.close();
  });

  it('finds only online drivers of the booking\'s car type within the radius', async () => {
    const here = ownPlace();
    const offline = await onlineDriver(north(here, 1));
    await api('PUT', '/drivers/me/availability', { token: offline.token, body: { online: false } });
    await onlineDriver(north(here, 2), 'Van');
    await onlineDriver(north(here, 15));
    const res = await api('POST', '/bookings', { token: admin, body: await sampleBooking({ bookLater: false, tripdate: null, pickup: point(here, 'Here'), drop: point(north(here, 3), 'There') }) });
    expect(res.body.error?.code).toBe('no_driver_found_alert_messege');
  });

  it('a location ping is one write while the driver stays in the same cell', async () => {
    // The middle of a geohash cell (about 5 x 5 km): a 50 m move cannot leave it.
    const somewhere = ownPlace();
    const cell = geohash.decode(geohash.encode(somewhere.lat, somewhere.lng, 5));
    const here = { lat: cell.latitude, lng: cell.longitude };
    const d = await onlineDriver(here);
    const ping = await api('POST', '/drivers/me/location', { token: d.token, body: north(here, 0.05) });
    expect(ping.status).toBe(200);
    expect(ping.body.indexed).toBe(false);
    // The admission read, then one write.
    expect(ping.headers.get('x-ddb-calls')).toBe('2');
  });
});

describe('assign (spec §4 Assign driver: admin, auto-dispatch off)', () => {
  beforeAll(async () => { expect((await saveSettings({ autoDispatch: false })).status).toBe(200); });
  afterAll(async () => { expect((await saveSettings({ autoDispatch: true })).status).toBe(200); });

  it('lists the nearest eligible drivers with distance and assigns one, who is told', async () => {
    const here = ownPlace();
    const b = await onlineDriver(north(here, 4));
    const a = await onlineDriver(north(here, 2));
    const booking = await api('POST', '/bookings', { token: admin, body: await sampleBooking({ bookLater: false, tripdate: null, pickup: point(here, 'Here'), drop: point(north(here, 3), 'There') }) });
    expect(booking.status, JSON.stringify(booking.body)).toBe(201);
    // Auto-dispatch off: nobody is offered anything by the system.
    expect(booking.body.offersOut).toBe(0);
    const list = await api('GET', `/bookings/${booking.body.id}/assignable-drivers`, { token: admin });
    // Nearest first. Another suite's driver who pinged in the last minute may happen to be near this
    // random place too, so only the order of this test's two drivers is asserted.
    const ours = (list.body.items as { id: string; distance: number }[]).filter((d) => d.id === a.id || d.id === b.id);
    expect(ours.map((d) => d.id)).toEqual([a.id, b.id]);
    expect(ours[0]!.distance).toBeCloseTo(2, 0);
    const assigned = await api('POST', `/bookings/${booking.body.id}/assign`, { token: admin, body: { driverId: a.id } });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.requestedDrivers).toEqual({ [a.id]: true });
    expect(Number(assigned.headers.get('x-ddb-round-trips'))).toBeLessThanOrEqual(2);
    const offers = await api('GET', '/drivers/me/offers', { token: a.token });
    expect(offers.body.items).toEqual([expect.objectContaining({ bookingId: booking.body.id, assignedByAdmin: true })]);
    expect(offers.body.items[0].expiresAt).toBeUndefined();
    expect(offers.body.items[0].distanceToPickup).toBeCloseTo(2, 0);
    const told = await api('GET', '/me/messages', { token: a.token });
    expect(told.body.items[0]).toMatchObject({ kind: 'booking_assigned', bookingId: booking.body.id });
    const after = await api('GET', `/bookings/${booking.body.id}/assignable-drivers`, { token: admin });
    expect(after.body.items.map((d: { id: string }) => d.id)).toEqual([b.id]);
  });

  it('an assign racing a cancel: one wins, and booking and offers agree', async () => {
    const here = ownPlace();
    const d = await onlineDriver(north(here, 1));
    for (let i = 0; i < 4; i++) {
      const booking = await api('POST', '/bookings', { token: admin, body: await sampleBooking({ bookLater: false, tripdate: null, pickup: point(here, 'Here'), drop: point(north(here, 3), 'There') }) });
      const [assign, cancel] = await Promise.all([
        api('POST', `/bookings/${booking.body.id}/assign`, { token: admin, body: { driverId: d.id } }),
        api('POST', `/bookings/${booking.body.id}/cancel`, { token: admin, body: { reason: 'Race' } }),
      ]);
      expect([assign.status, cancel.status].filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
      expect([assign.status, cancel.status].every((s) => s === 200 || s === 409)).toBe(true);
      const final = await api('GET', `/bookings/${booking.body.id}`, { token: admin });
      const offered = (await api('GET', '/drivers/me/offers', { token: d.token })).body.items.some((o: { bookingId: string }) => o.bookingId === booking.body.id);
      if (final.body.status === 'CANCELLED') expect(offered).toBe(false);
      else expect(offered).toBe(Boolean(final.body.requestedDrivers?.[d.id]));
    }
  });

  it('refuses to assign with auto-dispatch on, or a booking that is not NEW', async () => {
    const pending = await api('POST', '/bookings', { token: rider, body: await sampleBooking() });
    const d = (await api('GET', '/me', { token: await idToken(DEMO.driver) })).body.id;
    const res = await api('POST', `/bookings/${pending.body.id}/assign`, { token: admin, body: { driverId: d } });
    expect(res.status).toBe(409);
  });
});

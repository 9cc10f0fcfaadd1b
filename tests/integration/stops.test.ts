import { describe, expect, it } from 'vitest';
import { api, DEMO, idToken } from './support/endpoints';
import { newDriver, north, onlineDriver, ownPlace, point } from './support/drivers';
import { newRider, type TestRider } from './support/trips';
import { sampleBooking } from './support/sample-requests';
import { nextMessage, open, subscribe } from './support/ws';

/**
 * Issue 22 item 3: stops. A booking passes through up to three stops between pickup and drop; the
 * estimate prices the whole route; the booking's driver marks the stops reached in order, and the
 * drop waits for them.
 */

const east = (p: { lat: number; lng: number }, km: number) => ({ lat: Math.round((p.lat) * 1e6) / 1e6, lng: Math.round((p.lng + km / (111.32 * Math.cos((p.lat * Math.PI) / 180))) * 1e6) / 1e6 });

async function estimate(token: string, body: Record<string, unknown>) {
  const { carTypeId } = await sampleBooking();
  return api('POST', '/bookings/estimate', { token, body: { carTypeId, ...body } });
}

async function bookingsOf(rider: TestRider): Promise<string[]> {
  const res = await api('GET', '/bookings?limit=100', { token: rider.token });
  expect(res.status).toBe(200);
  return (res.body.items as { id: string }[]).map((b) => b.id);
}

/** A Book Now with two stops, accepted by a fresh driver near its pickup, and its rider. */
async function acceptedTripWithStops() {
  const rider = await newRider();
  const here = ownPlace();
  const driver = await onlineDriver(north(here, 1));
  const stops = [point(east(here, 2), 'First stop'), point(north(east(here, 2), 2), 'Second stop')];
  const made = await api('POST', '/bookings', {
    token: await idToken(DEMO.admin),
    body: await sampleBooking({ bookLater: false, tripdate: null, riderId: rider.id, pickup: point(here, 'Pickup here'), stops, drop: point(north(here, 4), 'Drop there') }),
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const accepted = await api('POST', `/bookings/${made.body.id}/accept`, { token: driver.token, body: {} });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return { rider, driver, booking: made.body as { id: string; otp?: number; stops: unknown[]; stopsReached: number }, stops };
}

async function start(driver: { token: string }, booking: { id: string; otp?: number }) {
  for (const [path, body] of [['arrive', {}], ['start', booking.otp !== undefined ? { otp: String(booking.otp) } : {}]] as const) {
    const res = await api('POST', `/bookings/${booking.id}/${path}`, { token: driver.token, body });
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  }
}

const press = (driver: { token: string }, id: string, index: number) => api('POST', `/bookings/${id}/stops/reach`, { token: driver.token, body: { index } });

describe('stops: the estimate prices the whole route', () => {
  it('prices pickup → stops → drop as the sum of its legs, more than the direct route, and draws the route through the stops', async () => {
    const token = await idToken(DEMO.rider);
    const a = ownPlace();
    const b = east(a, 6);
    const c = north(a, 5);
    const pa = point(a, 'A');
    const pb = point(b, 'B');
    const pc = point(c, 'C');
    const direct = await estimate(token, { pickup: pa, drop: pc });
    const viaB = await estimate(token, { pickup: pa, stops: [pb], drop: pc });
    const ab = await estimate(token, { pickup: pa, drop: pb });
    const bc = await estimate(token, { pickup: pb, drop: pc });
    for (const r of [direct, viaB, ab, bc]) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(viaB.body.estimateDistance).toBeGreaterThan(direct.body.estimateDistance);
    expect(viaB.body.estimateDistance).toBeCloseTo(ab.body.estimateDistance + bc.body.estimateDistance, 1);
    expect(viaB.body.estimateTime).toBeCloseTo(ab.body.estimateTime + bc.body.estimateTime, -1);
    expect(viaB.body.estimateFare).toBeGreaterThan(direct.body.estimateFare);
    // The drawn route passes the stop.
    const near = (p: { lat: number; lng: number }) => (q: { lat: number; lng: number }) => Math.abs(p.lat - q.lat) < 1e-4 && Math.abs(p.lng - q.lng) < 1e-4;
    expect(viaB.body.route.coords.some(near(b))).toBe(true);
    expect(direct.body.route.coords.some(near(b))).toBe(false);
  });

  it('refuses a fourth stop and a stop at sea with their keys, on the estimate and on booking, and writes nothing', async () => {
    const rider = await newRider();
    const here = ownPlace();
    const stop = (km: number) => point(east(here, km), `Stop ${km}`);
    const four = [stop(1), stop(2), stop(3), stop(4)];
    const atSea = point({ lat: 25, lng: -30 }, 'Mid-Atlantic');
    const pickup = point(here, 'Pickup');
    const drop = point(north(here, 5), 'Drop');

    const est4 = await estimate(rider.token, { pickup, stops: four, drop });
    expect(est4.status).toBe(400);
    expect(est4.body.error.code).toBe('stops_too_many');
    const estSea = await estimate(rider.token, { pickup, stops: [stop(1), atSea], drop });
    expect(estSea.status).toBe(400);
    expect(estSea.body.error.code).toBe('stop_not_a_place');
    expect(estSea.body.error.details).toEqual([{ path: 'stops.1', message: 'stop_not_a_place' }]);
    const shapeless = await estimate(rider.token, { pickup, stops: [{ lat: 1, lng: 2 }], drop });
    expect(shapeless.status).toBe(400);

    const admin = await idToken(DEMO.admin);
    for (const [stops, code] of [[four, 'stops_too_many'], [[atSea], 'stop_not_a_place']] as const) {
      const made = await api('POST', '/bookings', { token: admin, body: await sampleBooking({ riderId: rider.id, pickup, drop, stops }) });
      expect(made.status, JSON.stringify(made.body)).toBe(400);
      expect(made.body.error.code).toBe(code);
    }
    expect(await bookingsOf(rider)).toEqual([]);
  });
});

describe('stops: the driver steps through them in order', () => {
  it('keeps the stops and their route on the booking; marks them in order with clear refusals; the drop waits for them; the rider hears each', async () => {
    const { rider, driver, booking, stops } = await acceptedTripWithStops();
    expect(booking.stops).toEqual(stops);
    expect(booking.stopsReached).toBe(0);

    // Not before the trip has started.
    const early = await press(driver, booking.id, 0);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('stop_trip_not_started');
    await start(driver, booking);

    const skip = await press(driver, booking.id, 1);
    expect(skip.status).toBe(409);
    expect(skip.body.error.code).toBe('stop_out_of_order');
    const none = await press(driver, booking.id, 2);
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe('stop_unknown');
    const tooSoon = await api('POST', `/bookings/${booking.id}/reach`, { token: driver.token, body: {} });
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.body.error.code).toBe('stops_remaining');

    const ws = await open(rider.token);
    try {
      expect(await subscribe(ws, `booking/${booking.id}`)).toBe('subscribed');
      const heard = nextMessage(ws, (m) => m.type === 'event' && m.topic === `booking/${booking.id}`, 20_000);
      const first = await press(driver, booking.id, 0);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body).toMatchObject({ status: 'STARTED', stopsReached: 1 });
      expect(first.body.stopsReachedAt).toHaveLength(1);
      await heard;
      const seen = await api('GET', `/bookings/${booking.id}`, { token: rider.token });
      expect(seen.body.stopsReached).toBe(1);
    } finally {
      ws.close();
    }

    const again = await press(driver, booking.id, 0);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('stop_already_reached');
    const stillTooSoon = await api('POST', `/bookings/${booking.id}/reach`, { token: driver.token, body: {} });
    expect(stillTooSoon.body.error?.code).toBe('stops_remaining');

    const second = await press(driver, booking.id, 1);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.stopsReached).toBe(2);
    const reached = await api('POST', `/bookings/${booking.id}/reach`, { token: driver.token, body: {} });
    expect(reached.status, JSON.stringify(reached.body)).toBe(200);
    expect(reached.body.status).toBe('REACHED');
    // A stop after the drop is still refused for what it is.
    expect((await press(driver, booking.id, 1)).body.error.code).toBe('stop_already_reached');

    // A tracking point marks each stop (the driven distance counts them).
    const tracked = await api('GET', `/bookings/${booking.id}/tracking`, { token: rider.token });
    expect(tracked.status).toBe(200);

    // The rider was told of each stop once (inbox, and push from it), in order, with what came next.
    const inbox = (await api('GET', '/me/messages?limit=50', { token: rider.token })).body.items as { kind: string; bookingId?: string; title: string; body: string }[];
    const told = inbox.filter((m) => m.bookingId === booking.id && m.kind === 'stop_reached').reverse();
    expect(told.map((m) => m.title)).toEqual(['Stop 1 of 2 reached', 'Stop 2 of 2 reached']);
    expect(told[0]!.body).toBe(`Booking ${booking.id} reached ${stops[0]!.add}. Next: ${stops[1]!.add}.`);
    expect(told[1]!.body).toBe(`Booking ${booking.id} reached ${stops[1]!.add}. Next: Drop there.`);
  });

  it('of simultaneous presses of one stop exactly one wins; the others hear stop_already_reached', async () => {
    const { driver, booking } = await acceptedTripWithStops();
    await start(driver, booking);
    const presses = await Promise.all(Array.from({ length: 6 }, () => press(driver, booking.id, 0)));
    const ok = presses.filter((p) => p.status === 200);
    expect(ok, JSON.stringify(presses.map((p) => [p.status, p.body.error?.code]))).toHaveLength(1);
    for (const p of presses.filter((x) => x.status !== 200)) {
      expect(p.status).toBe(409);
      expect(p.body.error.code).toBe('stop_already_reached');
    }
    const now = await api('GET', `/bookings/${booking.id}`, { token: await idToken(DEMO.admin) });
    expect(now.body.stopsReached).toBe(1);
    expect(now.body.stopsReachedAt).toHaveLength(1);
  });

  it('is the booking\'s own driver\'s only: another driver hears it does not exist, and nothing moves', async () => {
    const { driver, booking } = await acceptedTripWithStops();
    await start(driver, booking);
    const stranger = await newDriver();
    const refused = await press(stranger, booking.id, 0);
    expect(refused.status).toBe(404);
    const rider = await press({ token: await idToken(DEMO.rider) }, booking.id, 0);
    expect(rider.status).toBe(403);
    const now = await api('GET', `/bookings/${booking.id}`, { token: await idToken(DEMO.admin) });
    expect(now.body.stopsReached).toBe(0);
  });
});

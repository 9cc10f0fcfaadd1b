import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { newDriver, north } from './support/drivers';
import { api, DEMO, idToken } from './support/endpoints';
import { saveSettings } from './support/settings-helpers';
import { acceptedTrip, newRider, type TestRider } from './support/trips';
import { nextMessage, open, subscribe } from './support/ws';

/**
 * The live trip: tracking and chat topics carry their small payload, so a moving car needs no
 * REST re-read per ping, and only the people who may read the trip may follow them. Also the
 * taxi-mode fare at REACHED, priced on the driven route.
 */
describe('the live trip', () => {
  const sockets: WebSocket[] = [];
  let rider: TestRider;
  beforeAll(async () => { rider = await newRider(); });
  afterAll(() => { for (const s of sockets) s.close(); });

  it('a ping during the trip reaches the rider on tracking/<id> with the point; chat arrives on chat/<id>', async () => {
    const { driver, booking, here } = await acceptedTrip(rider);
    const ws = await open(rider.token); sockets.push(ws);
    expect(await subscribe(ws, `tracking/${booking.id}`)).toBe('subscribed');
    expect(await subscribe(ws, `chat/${booking.id}`)).toBe('subscribed');

    const where = north(here, 0.7);
    // The point the accept wrote may still be on its way: wait for the one of this ping.
    const moved = nextMessage(ws, (m) => m.type === 'event' && m.topic === `tracking/${booking.id}` && Math.abs(m.data?.lat - where.lat) < 1e-6);
    await api('POST', '/drivers/me/location', { token: driver.token, body: where });
    const event = await moved;
    expect(event.data).toMatchObject({ status: 'ACCEPTED', lat: expect.closeTo(where.lat, 6), lng: expect.closeTo(where.lng, 6), at: expect.any(Number) });

    const said = nextMessage(ws, (m) => m.type === 'event' && m.topic === `chat/${booking.id}`);
    await api('POST', `/bookings/${booking.id}/chat`, { token: driver.token, body: { message: 'Two minutes away' } });
    expect((await said).data).toMatchObject({ message: 'Two minutes away', source: 'driver', from: driver.id });
  });

  it('strangers may not follow a trip\'s tracking or chat; an admin may follow both', async () => {
    const { booking } = await acceptedTrip(rider);
    const stranger = await newRider();
    const otherDriver = await newDriver();
    for (const token of [stranger.token, otherDriver.token]) {
      const ws = await open(token); sockets.push(ws);
      expect(await subscribe(ws, `tracking/${booking.id}`)).toBe('forbidden');
      expect(await subscribe(ws, `chat/${booking.id}`)).toBe('forbidden');
    }
    const admin = await open(await idToken(DEMO.admin)); sockets.push(admin);
    expect(await subscribe(admin, `chat/${booking.id}`)).toBe('subscribed');
    expect(await subscribe(admin, `tracking/${booking.id}`)).toBe('subscribed');
  });

  it('taxi mode: REACHED prices the driven route and puts the drop where the driver stopped', async () => {
    expect((await saveSettings({ appMode: 'taxi' })).status).toBe(200);
    try {
      const { driver, booking, here } = await acceptedTrip(rider);
      const step = (path: string, body: unknown = {}) => api('POST', `/bookings/${booking.id}/${path}`, { token: driver.token, body });
      await step('arrive');
      expect((await step('start', booking.otp !== undefined ? { otp: String(booking.otp) } : {})).status).toBe(200);
      // A detour: 6 km north in 1 km hops, where the booking estimated 3.
      for (let km = 1; km <= 6; km++) await api('POST', '/drivers/me/location', { token: driver.token, body: north(here, km) });
      const reached = await step('reach');
      expect(reached.status, JSON.stringify(reached.body)).toBe(200);
      const stop = north(here, 6);
      expect(reached.body.drop).toMatchObject({ lat: expect.closeTo(stop.lat, 6), lng: expect.closeTo(stop.lng, 6) });
      expect(reached.body.drop.add).not.toBe('Drop there');
      expect(reached.body.dropAddress).toBe(reached.body.drop.add);
      // The route service drives at least the straight 6 km (the offline one adds 30% for roads).
      expect(reached.body.distance).toBeGreaterThanOrEqual(6);
      expect(reached.body.distance).toBeGreaterThan(booking.estimateDistance);
      expect(reached.body.trip_cost).toBeGreaterThan(booking.trip_cost);
      expect(reached.body.trip_cost).toBeCloseTo(reached.body.driver_share + reached.body.convenience_fees, 2);
    } finally {
      expect((await saveSettings({ appMode: 'delivery' })).status).toBe(200);
    }
  });
});

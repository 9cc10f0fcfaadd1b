import { afterAll, describe, expect, it } from 'vitest';
import { startFleet } from '../../scripts/simulate/fleet';
import { north, ownPlace, point } from './support/drivers';
import { api, DEMO, endpoints, idToken } from './support/endpoints';
import { bookNowFor, newRider } from './support/trips';

/** Stops: the simulator's drivers step through a booking's stops in order, so simulated trips with stops end PAID too. */
describe('simulated drivers and stops', () => {
  let fleet: Awaited<ReturnType<typeof startFleet>> | undefined;
  afterAll(async () => { await fleet?.stop(); });

  it('drive to each stop in turn, mark it reached, then the drop, and get the booking PAID', async () => {
    const { siteUrl, password } = endpoints();
    if (!siteUrl) return;
    const here = ownPlace();
    const events: string[] = [];
    fleet = await startFleet({
      siteUrl, drivers: 2, near: `${here.lat},${here.lng}`, adminPassword: password, spreadKm: 0.5,
      pingEverySeconds: 1, tripSpeedMps: 400, thinkSeconds: [0.2, 0.4], onTripEvent: (e) => events.push(e),
    });
    const rider = await newRider();
    const stops = [point(north(here, 1), 'First stop'), point({ lat: north(here, 1).lat, lng: here.lng + 0.01 }, 'Second stop')];
    const booking = await bookNowFor(rider.id, here, 2, { stops });
    const admin = await idToken(DEMO.admin);
    await expect.poll(async () => (await api('GET', `/bookings/${booking.id}`, { token: admin })).body.status, { timeout: 50_000, interval: 1000 }).toBe('PAID');
    const paid = (await api('GET', `/bookings/${booking.id}`, { token: admin })).body;
    expect(paid.stopsReached).toBe(2);
    expect(paid.stopsReachedAt).toHaveLength(2);
    expect(paid.stopsReachedAt[0]).toBeLessThanOrEqual(paid.stopsReachedAt[1]);
    expect(paid.stopsReachedAt[1]).toBeLessThanOrEqual(paid.trip_end_time);
    expect(events.filter((e) => e.includes(`on ${booking.id}`) && e.includes('reached stop'))).toHaveLength(2);
    expect(fleet.progress().errors, fleet.progress().lastError).toBe(0);
  }, 70_000);
});

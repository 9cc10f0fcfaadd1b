import { afterAll, describe, expect, it } from 'vitest';
import { startFleet } from '../../scripts/simulate/fleet';
import { ownPlace } from './support/drivers';
import { api, DEMO, endpoints, idToken } from './support/endpoints';
import { withSettings } from './support/settings-helpers';
import { bookNowFor, newRider } from './support/trips';

/** The simulator plays whole trips, so the default fleet of `npm start` completes a booking end to end. */
describe('simulated drivers', () => {
  let fleet: Awaited<ReturnType<typeof startFleet>> | undefined;
  /** Where the fleet drives: the first case's place. */
  let where: { lat: number; lng: number } | undefined;
  afterAll(async () => { await fleet?.stop(); });

  it('take an offer, drive to the pickup and the drop with pings, and get the booking PAID by cash', async () => {
    const { siteUrl, password } = endpoints();
    if (!siteUrl) return;
    const here = ownPlace();
    const events: string[] = [];
    fleet = await startFleet({
      siteUrl, drivers: 3, near: `${here.lat},${here.lng}`, adminPassword: password, spreadKm: 0.5,
      pingEverySeconds: 1, tripSpeedMps: 400, thinkSeconds: [0.2, 0.4], onTripEvent: (e) => events.push(e),
    });
    const rider = await newRider();
    const booking = await bookNowFor(rider.id, here, 2);
    const admin = await idToken(DEMO.admin);
    await expect.poll(async () => (await api('GET', `/bookings/${booking.id}`, { token: admin })).body.status, { timeout: 45_000, interval: 1000 }).toBe('PAID');
    const paid = (await api('GET', `/bookings/${booking.id}`, { token: admin })).body;
    expect(paid).toMatchObject({ payment_mode: 'cash', driver_arrive_time: expect.any(Number), trip_start_time: expect.any(Number), trip_end_time: expect.any(Number) });
    // Delivery mode (the demo's): the driver photographed the parcel at both ends.
    expect(paid.pickup_image).toMatch(/^https?:\/\//);
    expect(paid.deliver_image).toMatch(/^https?:\/\//);
    expect((await fetch(paid.deliver_image)).status).toBe(200);
    expect(events.some((e) => e.includes(`finished ${booking.id}`))).toBe(true);
    await expect.poll(() => fleet!.progress().tripsDone, { timeout: 5_000 }).toBe(1);
    expect(fleet.progress().errors, fleet.progress().lastError).toBe(0);
    where = here;
  }, 60_000);

  it('record who took a parcel that has a delivery code before settling it, rather than stopping at the drop', async () => {
    if (!fleet || !where) return;
    const rider = await newRider();
    const booking = await withSettings({ delivery_code_secure: true }, () => bookNowFor(rider.id, where!, 2, {
      instructionData: { deliveryPerson: 'Pat Receiver', deliveryPersonPhone: `555 ${String(Date.now()).slice(-7)}` },
    }));
    const admin = await idToken(DEMO.admin);
    expect((await api('GET', `/bookings/${booking.id}`, { token: admin })).body.deliveryCodeRequired).toBe(true);
    await expect.poll(async () => (await api('GET', `/bookings/${booking.id}`, { token: admin })).body.status, { timeout: 45_000, interval: 1000 }).toBe('PAID');
    expect((await api('GET', `/bookings/${booking.id}`, { token: admin })).body.deliveryProof).toMatchObject({ method: 'left_with', receivedBy: 'The concierge' });
    expect(fleet.progress().errors, fleet.progress().lastError).toBe(0);
  }, 60_000);
});

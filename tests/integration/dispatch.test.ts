import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onlineDriver, north, ownPlace, point } from './support/drivers';
import { api, DEMO, endpoints, idToken } from './support/endpoints';
import { sampleBooking } from './support/sample-requests';
import { saveSettings } from './support/settings-helpers';

/**
 * Dispatch rounds (beyond the spec): batches of the nearest drivers, each offer standing until it
 * expires, then the next batch, then the system gives up. Short offers so the test takes seconds.
 */
describe('dispatch rounds', () => {
  let admin: string;
  let rider: string;
  beforeAll(async () => {
    [admin, rider] = await Promise.all([idToken(DEMO.admin), idToken(DEMO.rider)]);
    expect((await saveSettings({ offerSeconds: 5, dispatchRounds: 2, dispatchBatchSize: 1 })).status).toBe(200);
  });
  afterAll(async () => {
    expect((await saveSettings({ offerSeconds: 20, dispatchRounds: 3, dispatchBatchSize: 3 })).status).toBe(200);
  });

  const bookNow = async (here: { lat: number; lng: number }) => {
    const res = await api('POST', '/bookings', { token: admin, body: await sampleBooking({ bookLater: false, tripdate: null, pickup: point(here, 'Here'), drop: point(north(here, 3), 'There') }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const booking = async (id: string) => (await api('GET', `/bookings/${id}`, { token: admin })).body;

  it('asks the nearest first, then the next when the offer lapses, then cancels and tells the rider', async () => {
    const here = ownPlace();
    const a = await onlineDriver(north(here, 1));
    const b = await onlineDriver(north(here, 2));
    const created = await bookNow(here);
    expect(created.requestedDrivers).toEqual({ [a.id]: true });
    expect(created.dispatchRound).toBe(1);

    await expect.poll(async () => (await booking(created.id)).dispatchRound, { timeout: 15_000, interval: 500 }).toBe(2);
    const round2 = await booking(created.id);
    expect(round2.requestedDrivers).toEqual({ [b.id]: true });
    expect((await api('GET', '/drivers/me/offers', { token: a.token })).body.items).toEqual([]);
    expect((await api('GET', '/drivers/me/offers', { token: b.token })).body.items[0]).toMatchObject({ bookingId: created.id, round: 2 });

    await expect.poll(async () => (await booking(created.id)).status, { timeout: 15_000, interval: 500 }).toBe('CANCELLED');
    const gaveUp = await booking(created.id);
    expect(gaveUp).toMatchObject({ cancelledBy: 'system', reason: 'No driver accepted the booking.', offersOut: 0 });
    const told = await api('GET', '/me/messages', { token: rider });
    expect(told.body.items.find((m: { bookingId?: string }) => m.bookingId === created.id)).toMatchObject({ kind: 'no_driver_found' });
  }, 45_000);

  it('runs a round once however often its job arrives: no driver gets two offers for one booking', async () => {
    const { tableName, dynamoEndpoint } = endpoints();
    if (!tableName || !dynamoEndpoint) return; // a bare API (LocalStack, AWS): the job cannot be driven from here
    Object.assign(process.env, { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: dynamoEndpoint, JOB_DELIVERY: 'table', GEO_PROVIDER: 'offline', AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local', AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local', POWERTOOLS_LOG_LEVEL: 'SILENT' });
    const deps = await import('../../lambdas/src/composition-root');
    const { runDispatchRound } = await import('../../lambdas/src/use-cases/run-dispatch-round');

    const here = ownPlace();
    const drivers = await Promise.all([1, 2, 3].map((km) => onlineDriver(north(here, km))));
    const created = await bookNow(here);
    // Before the first round's offers expire, a round job changes nothing.
    expect(await runDispatchRound(deps, created.id, 2)).toBe('early');
    // At their expiry (a clock moved there), five deliveries of the round-2 job at once.
    const atExpiry = { ...deps, now: () => new Date(created.bookingDate + 5_000 + 500) };
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => runDispatchRound(atExpiry, created.id, 2)));
    expect(outcomes.filter((o) => o === 'offered')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'offered').every((o) => o === 'lost-race' || o === 'stale')).toBe(true);
    const after = await booking(created.id);
    expect(after.dispatchRound).toBe(2);
    expect(Object.keys(after.requestedDrivers)).toEqual([drivers[1]!.id]);
    const offersPerDriver = await Promise.all(drivers.map(async (d) => (await api('GET', '/drivers/me/offers', { token: d.token })).body.items.filter((o: { bookingId: string }) => o.bookingId === created.id).length));
    expect(offersPerDriver).toEqual([0, 1, 0]);
    await api('POST', `/bookings/${created.id}/cancel`, { token: admin, body: { reason: 'Test over' } });
  }, 30_000);
});

import { beforeAll, describe, expect, it } from 'vitest';
import { earningsPeriods } from '../../shared/src/domain/earnings';
import { api, DEMO, idToken } from './support/endpoints';
import { fleetDriver, newFleetAdmin, paidTrip } from './support/fleets';
import { newRider, type TestRider } from './support/trips';
import { operatorTimeZone } from './support/settings-helpers';

type ReportRow = { year: number; month: number; tripCost: number; rideCost: number; convenienceFee: number; discountAmount: number; profit: number; bookings: number };
type DriverRow = { year: number; month: number; driverUid: string; driverName: string; driverVehicleNo: string; driverShare: number; bookings: number };

const r2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Spec §2 /earningreports and /driverearning: read from the aggregates the PAID step keeps, they
 * move by exactly what each paid trip adds; a fleet admin sees only its own fleet's drivers.
 */
describe('earnings reports', () => {
  let admin: string;
  let rider: TestRider;
  let fleetA: { id: string; token: string };
  let fleetB: { id: string; token: string };
  // The operator's month (settings timeZone): the one the PAID step files trips under.
  let month = '';
  let [year, monthNo] = [0, 0];




  const report = async (token = admin) => api<{ items: ReportRow[] }>('GET', `/earnings/report?from=${month}&to=${month}`, { token });
  const drivers = async (token: string) => api<{ items: DriverRow[] }>('GET', '/earnings/drivers', { token });
  const thisMonth = (rows: ReportRow[]) => rows.find((r) => r.year === year && r.month === monthNo);

  beforeAll(async () => {
    month = earningsPeriods(Date.now(), await operatorTimeZone()).month;
    [year, monthNo] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
    admin = await idToken(DEMO.admin);
    rider = await newRider();
    [fleetA, fleetB] = [await newFleetAdmin(admin), await newFleetAdmin(admin)];
  });

  it('a paid trip moves this month\'s report row and the driver\'s row by exactly its amounts', async () => {
    const driver = await fleetDriver(fleetA);
    const before = thisMonth((await report()).body.items);
    const trip = await paidTrip(driver, rider.id);
    const after = thisMonth((await report()).body.items)!;
    const base = before ?? { tripCost: 0, rideCost: 0, convenienceFee: 0, discountAmount: 0, profit: 0, bookings: 0 };
    expect(after).toMatchObject({
      monthsName: new Date(Date.UTC(year, monthNo - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' }),
      bookings: base.bookings + 1,
      tripCost: r2(base.tripCost + trip.trip_cost),
      convenienceFee: r2(base.convenienceFee + trip.convenience_fees),
      rideCost: r2(base.rideCost + trip.trip_cost - trip.convenience_fees),
      discountAmount: r2(base.discountAmount + (trip.discount ?? 0)),
    });
    // Spec §3: profit is the fee minus the discount.
    expect(after.profit).toBe(r2(after.convenienceFee - after.discountAmount));

    const mine = (await drivers(admin)).body.items.filter((r) => r.driverUid === driver.id);
    expect(mine).toEqual([expect.objectContaining({ year, month: monthNo, driverShare: trip.driver_share, bookings: 1, driverVehicleNo: expect.stringMatching(/^F-/) })]);
    // A second trip of the same driver adds to the same row.
    const second = await paidTrip(driver, rider.id);
    const again = (await drivers(fleetA.token)).body.items.filter((r) => r.driverUid === driver.id);
    expect(again).toEqual([expect.objectContaining({ driverShare: r2(trip.driver_share + second.driver_share), bookings: 2 })]);
  });

  it('a fleet admin sees only its own drivers; riders and drivers see nothing', async () => {
    const a = await fleetDriver(fleetA);
    const b = await fleetDriver(fleetB);
    await paidTrip(a, rider.id);
    await paidTrip(b, rider.id);
    const seenByA = (await drivers(fleetA.token)).body.items.map((r) => r.driverUid);
    const seenByB = (await drivers(fleetB.token)).body.items.map((r) => r.driverUid);
    expect(seenByA).toContain(a.id);
    expect(seenByA).not.toContain(b.id);
    expect(seenByB).toEqual([b.id]);
    const all = (await drivers(admin)).body.items.map((r) => r.driverUid);
    expect(all).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await report(fleetA.token)).status).toBe(403);
    expect((await report(rider.token)).status).toBe(403);
    expect((await drivers(rider.token)).status).toBe(403);
    expect((await drivers(await idToken(DEMO.driver))).status).toBe(403);
  });

  it('refuses bad months and ranges, and answers an empty range with no rows', async () => {
    for (const q of ['from=2026-13', 'from=2026-1', 'to=yesterday', 'from=2026-05&to=2026-04', 'month=2026-01']) {
      const res = await api('GET', `/earnings/report?${q}`, { token: admin });
      expect({ q, status: res.status }).toEqual({ q, status: 400 });
    }
    expect((await api('GET', '/earnings/report?from=1990-01&to=1990-12', { token: admin })).body.items).toEqual([]);
    expect((await api('GET', '/earnings/drivers?from=1990-01&to=1990-12', { token: admin })).body.items).toEqual([]);
  });
});

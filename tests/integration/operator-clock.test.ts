import geohash from 'ngeohash';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatZonedInput, zonedInputToMs, zonedPeriods } from '../../shared/src/domain/time-zone';
import { north, onlineDriver, ownPlace } from './support/drivers';
import { api, DEMO, idToken } from './support/endpoints';
import { paidTrip } from './support/fleets';
import { readSettings, withSettings } from './support/settings-helpers';
import { bookNowFor, driveToDrop, earningsItem, newRider, type TestRider } from './support/trips';

const LA = 'America/Los_Angeles';
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Issue 21, the operator's clock: the settings keep an IANA zone (the demo's is Los Angeles), the
 * PAID step files trips under that zone's day and month, the dashboard's today is that zone's, and
 * Book Later times are read on it by the server.
 */
describe("the operator's clock", () => {
  let admin: string;
  let rider: TestRider;
  beforeAll(async () => {
    admin = await idToken(DEMO.admin);
    rider = await newRider();
  });

  it('the demo operator runs on Los Angeles time, and every client can read the zone', async () => {
    const pub = await api('GET', '/settings');
    expect(pub.status).toBe(200);
    expect(pub.body.timeZone).toBe(LA);
    expect((await readSettings()).settings.timeZone).toBe(LA);
  });

  it('a zone the time zone database does not know is refused with select_proper, and nothing is written', async () => {
    const before = await readSettings();
    for (const timeZone of ['Mars/Olympus_Mons', 'America/Los Angeles', '+05:00', 'UTC; drop', '', 'Europe/'.padEnd(80, 'x')]) {
      const res = await api('PUT', '/settings', { token: admin, body: { version: before.version, settings: { ...before.settings, timeZone } } });
      expect(res.status, timeZone).toBe(400);
      expect(res.body.error.code, timeZone).toBe('select_proper');
    }
    for (const timeZone of [42, null, ['UTC'], { name: 'UTC' }]) {
      const res = await api('PUT', '/settings', { token: admin, body: { version: before.version, settings: { ...before.settings, timeZone } } });
      expect(res.status, JSON.stringify(timeZone)).toBe(400);
    }
    expect(await readSettings()).toEqual(before);
    // A known zone is kept and read back by every client.
    await withSettings({ timeZone: 'Asia/Kolkata' }, async () => {
      expect((await api('GET', '/settings')).body.timeZone).toBe('Asia/Kolkata');
    });
    expect((await api('GET', '/settings')).body.timeZone).toBe(LA);
  });

  it("the dashboard's today is the operator's date, and a trip paid now counts in it", async () => {
    // A zone whose date differs from UTC's at whatever hour this runs: +14 from 10:00 UTC, −11 before.
    const zone = new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    await withSettings({ timeZone: zone }, async () => {
      const expected = zonedPeriods(Date.now(), zone);
      expect(expected.day).not.toBe(new Date().toISOString().slice(0, 10));
      const before = await api('GET', '/dashboard', { token: admin });
      expect(before.status).toBe(200);
      expect(before.body).toMatchObject({ day: expected.day, month: expected.month });
      expect(before.body.days.at(-1).day).toBe(expected.day);
      const driver = await onlineDriver(north(ownPlace(), 1));
      const dayItem = await earningsItem('ALL', `DAY#${expected.day}`);
      await paidTrip(driver, rider.id);
      const after = await api('GET', '/dashboard', { token: admin });
      expect(after.body.day).toBe(expected.day);
      expect(after.body.today.paidBookings).toBe(before.body.today.paidBookings + 1);
      expect(after.body.thisMonth.paidBookings).toBe(before.body.thisMonth.paidBookings + 1);
      if (dayItem) expect((await earningsItem('ALL', `DAY#${expected.day}`))?.bookings ?? 0).toBe((dayItem.bookings ?? 0) + 1);
    });
  });

  it("the demand layer files requests under the operator's day and reads that day by default", async () => {
    const zone = new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    await withSettings({ timeZone: zone }, async () => {
      const expected = zonedPeriods(Date.now(), zone).day;
      const here = ownPlace();
      // Nobody drives at this place: the Book Now is refused and counted as unserved, today there.
      const refused = await api('POST', '/bookings', {
        token: admin,
        body: { pickup: { ...here, add: 'Pickup here' }, drop: { ...north(here, 3), add: 'Drop there' }, carTypeId: 'economy', bookLater: false, riderId: rider.id, instructionData: { deliveryPerson: 'Pat Receiver', deliveryPersonPhone: '555 123 4567' } },
      });
      expect(refused.body.error?.code).toBe('no_driver_found_alert_messege');
      const demand = await api('GET', '/dashboard/demand', { token: admin });
      expect(demand.body.day).toBe(expected);
      expect(demand.body.items.find((c: { cell: string }) => c.cell === geohash.encode(here.lat, here.lng, 5))).toMatchObject({ unserved: 1 });
    });
  });

  it('Book Later reads the picked time on the operator clock: 15 minutes ahead there, and a time the clocks skip is no time', async () => {
    const here = ownPlace();
    // The field's text on the Los Angeles wall clock, `minutes` from now.
    const ahead = (minutes: number) => formatZonedInput(Date.now() + minutes * 60_000, LA);
    const book = (tripdate: unknown) => api('POST', '/bookings', {
      token: admin,
      body: { pickup: { lat: here.lat, lng: here.lng, add: 'Pickup here' }, drop: { ...north(here, 3), add: 'Drop there' }, carTypeId: 'economy', bookLater: true, tripdate, riderId: rider.id, instructionData: { deliveryPerson: 'Pat Receiver', deliveryPersonPhone: '555 123 4567' } },
    });
    const soon = await book(ahead(10));
    expect(soon.status, JSON.stringify(soon.body)).toBe(400);
    expect(soon.body.error.code).toBe('past_booking_error');
    const text = ahead(40);
    const later = await book(text);
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    expect(later.body.tripdate).toBe(zonedInputToMs(text, LA));
    // Los Angeles skips 02:00–03:00 on 14 March 2027.
    const skipped = await book('2027-03-14T02:30');
    expect(skipped.status).toBe(400);
    expect(skipped.body.error.code).toBe('select_proper');
    for (const bad of ['tomorrow', '2027-02-30T10:00', '2027-01-01 10:00']) {
      const res = await book(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code, bad).toBe('select_proper');
    }
  });

  it('a trip at 23:30 Los Angeles time on the last day of a month counts in that day and month, not the UTC ones', async () => {
    // The last day of the operator's month, or of the next one when that 23:30 is too close.
    let { month } = zonedPeriods(Date.now(), LA);
    const lastDay = (m: string) => {
      const [y, mo] = m.split('-').map(Number) as [number, number];
      return `${m}-${pad(new Date(Date.UTC(y, mo, 0)).getUTCDate())}`;
    };
    if (zonedInputToMs(`${lastDay(month)}T23:30`, LA)! - Date.now() < 30 * 60_000) {
      const [y, mo] = month.split('-').map(Number) as [number, number];
      month = mo === 12 ? `${y + 1}-01` : `${y}-${pad(mo + 1)}`;
    }
    const day = lastDay(month);
    const text = `${day}T23:30`;
    const instant = zonedInputToMs(text, LA)!;
    const utc = { day: new Date(instant).toISOString().slice(0, 10), month: new Date(instant).toISOString().slice(0, 7) };
    expect(utc.month).not.toBe(month);

    await withSettings({ autoDispatch: false }, async () => {
      const here = ownPlace();
      const driver = await onlineDriver(north(here, 1));
      const booking = await bookNowFor(rider.id, here, 3, { bookLater: true, tripdate: text });
      expect((booking as typeof booking & { tripdate: number }).tripdate).toBe(instant);
      const assigned = await api('POST', `/bookings/${booking.id}/assign`, { token: admin, body: { driverId: driver.id } });
      expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
      const accepted = await api('POST', `/bookings/${booking.id}/accept`, { token: driver.token, body: {} });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      await driveToDrop(driver, { ...booking, ...accepted.body });

      const read = () => Promise.all([
        earningsItem('ALL', `DAY#${day}`), earningsItem('ALL', `MONTH#${month}`),
        earningsItem('ALL', `DAY#${utc.day}`), earningsItem('ALL', `MONTH#${utc.month}`),
      ]);
      const report = async () => (await api('GET', `/earnings/report?from=${month}&to=${month}`, { token: admin })).body.items as { year: number; month: number; bookings: number }[];
      const [items, rows] = [await read(), await report()];
      const paid = await api('POST', `/bookings/${booking.id}/settle`, { token: driver.token, body: { method: 'cash' } });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body.status).toBe('PAID');

      const [after, rowsAfter] = [await read(), await report()];
      const count = (item: Record<string, number> | undefined) => item?.bookings ?? 0;
      if (items[0]) {
        expect(count(after[0]) - count(items[0])).toBe(1);
        expect(count(after[1]) - count(items[1])).toBe(1);
        expect(count(after[2])).toBe(count(items[2]));
        expect(count(after[3])).toBe(count(items[3]));
      }
      const [y, m] = month.split('-').map(Number);
      const rowOf = (rs: typeof rows) => rs.find((r) => r.year === y && r.month === m)?.bookings ?? 0;
      expect(rowOf(rowsAfter) - rowOf(rows)).toBe(1);
      const drivers = await api('GET', `/earnings/drivers?from=${month}&to=${month}`, { token: admin });
      expect(drivers.body.items.find((r: { driverUid: string }) => r.driverUid === driver.id)).toMatchObject({ year: y, month: m, bookings: 1 });
      const utcDrivers = await api('GET', `/earnings/drivers?from=${utc.month}&to=${utc.month}`, { token: admin });
      expect(utcDrivers.body.items.find((r: { driverUid: string }) => r.driverUid === driver.id)).toBeUndefined();
    });
  });
});

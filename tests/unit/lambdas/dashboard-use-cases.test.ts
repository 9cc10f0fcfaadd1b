import { describe, expect, it } from 'vitest';
import { cancelBookingAsSystem } from '../../../lambdas/src/use-cases/cancel-booking-as-system';
import { fetchActiveDrivers } from '../../../lambdas/src/use-cases/fetch-active-drivers';
import { fetchDashboard } from '../../../lambdas/src/use-cases/fetch-dashboard';
import { fetchDemand } from '../../../lambdas/src/use-cases/fetch-demand';
import type { EarningsStore } from '../../../lambdas/src/ports/earnings';

const now = () => new Date(Date.UTC(2026, 2, 2, 10));
const account = (usertype: string, id = 'u1') => ({ profile: { id, usertype }, settings: {} }) as never;
const zero = { tripCost: 0, rideCost: 0, convenienceFee: 0, discount: 0, driverShare: 0, customerPaid: 0, bookings: 0, feeBookings: 0 };

describe('dashboard use cases', () => {
  it('cards read the caller\'s scope: the months and the last 30 days, two-decimal amounts, fee bookings as the §5 count', async () => {
    const asked: string[] = [];
    const earnings: EarningsStore = {
      months: async (scope, range) => { asked.push(`months ${scope} ${JSON.stringify(range)}`); return [{ month: '2026-03', ...zero, convenienceFee: 250, tripCost: 2500, driverShare: 2250, customerPaid: 2500, rideCost: 2250, bookings: 3, feeBookings: 2 }, { month: '2026-01', ...zero, convenienceFee: 100, bookings: 1, feeBookings: 1 }]; },
      days: async (scope, range) => { asked.push(`days ${scope} ${range.from}..${range.to}`); return [{ day: '2026-03-02', ...zero, convenienceFee: 150, bookings: 1, feeBookings: 1 }]; },
      driverMonths: async () => [],
    };
    const admin = await fetchDashboard({ earnings, now }, account('admin'));
    expect(admin).toMatchObject({ scope: 'all', day: '2026-03-02', month: '2026-03' });
    expect(admin.today).toMatchObject({ gross: 1.5, bookings: 1, paidBookings: 1 });
    expect(admin.thisMonth).toMatchObject({ gross: 2.5, tripCost: 25, driverShare: 22.5, profit: 2.5, bookings: 2, paidBookings: 3 });
    expect(admin.total).toMatchObject({ gross: 3.5, bookings: 3, paidBookings: 4 });
    expect(admin.days).toHaveLength(30);
    await fetchDashboard({ earnings, now }, account('fleetadmin', 'f9'));
    expect(asked).toEqual([
      'months ALL {}', 'days ALL 2026-02-01..2026-03-02',
      'months FLEET#f9 {}', 'days FLEET#f9 2026-02-01..2026-03-02',
    ]);
  });

  it('the map lists the roster of the caller\'s scope, newest ping first, on a trip when the state names one', async () => {
    const scopes: string[] = [];
    const presence = {
      online: async (scope: string) => {
        scopes.push(scope);
        return [
          { uid: 'a', name: 'A', carType: 'Economy', lat: 1, lng: 2, at: 5 },
          { uid: 'b', name: 'B', carType: 'Van', vehicleNumber: 'V-1', fleetadmin: 'f9', lat: 3, lng: 4, at: 9, activeBooking: 'BK', activeStatus: 'STARTED' },
        ];
      },
    };
    const out = await fetchActiveDrivers({ presence, now }, account('fleetadmin', 'f9'));
    expect(scopes).toEqual(['FLEET#f9']);
    expect(out.items).toEqual([
      { uid: 'b', name: 'B', carType: 'Van', vehicleNumber: 'V-1', fleetadmin: 'f9', status: 'trip', tripStatus: 'STARTED', bookingId: 'BK', lat: 3, lng: 4, at: 9 },
      { uid: 'a', name: 'A', carType: 'Economy', status: 'free', lat: 1, lng: 2, at: 5 },
    ]);
    await fetchActiveDrivers({ presence, now }, account('admin'));
    expect(scopes).toEqual(['FLEET#f9', 'ALL']);
  });

  it("demand reads the operator's today unless a day is asked, busiest cells first", async () => {
    const days: string[] = [];
    const demand = { cells: async (day: string) => { days.push(day); return [{ cell: 'a', lat: 0, lng: 0, bookings: 1, unserved: 0 }, { cell: 'b', lat: 0, lng: 0, bookings: 1, unserved: 2 }]; } };
    const utc = { settings: { timeZone: 'UTC' } } as never;
    expect((await fetchDemand({ demand, now }, utc, {})).items.map((c) => c.cell)).toEqual(['b', 'a']);
    await fetchDemand({ demand, now }, utc, { day: '2026-01-01' });
    // 10:00 UTC on 2 March is still 1 March in Honolulu (UTC-10, no daylight saving).
    await fetchDemand({ demand, now: () => new Date(Date.UTC(2026, 2, 2, 9)) }, { settings: { timeZone: 'Pacific/Honolulu' } } as never, {});
    expect(days).toEqual(['2026-03-02', '2026-01-01', '2026-03-01']);
  });

  it('a booking the system gives up is counted unserved at its pickup, after the cancellation', async () => {
    const calls: string[] = [];
    const booking = { id: 'BK', customer: 'r1', pickup: { lat: 1, lng: 2, add: 'x' }, requestedDrivers: {}, status: 'NEW', version: 1 } as never;
    await cancelBookingAsSystem({
      bookings: { cancel: async () => { calls.push('cancel'); return booking; } } as never,
      demand: { unserved: async (p, day, at) => { calls.push(`unserved ${p.lat},${p.lng} ${day} ${at}`); } },
    }, booking, 'no_driver_accepted', Date.UTC(2026, 2, 2, 6), { timeZone: 'America/Los_Angeles' });
    // 06:00 UTC is 22:00 the day before in Los Angeles: the operator's day it is counted under.
    expect(calls).toEqual(['cancel', `unserved 1,2 2026-03-01 ${Date.UTC(2026, 2, 2, 6)}`]);
  });
});

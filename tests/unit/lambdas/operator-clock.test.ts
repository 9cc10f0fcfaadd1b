import { describe, expect, it } from 'vitest';
import type { EarningsStore } from '../../../lambdas/src/ports/earnings';
import { fetchDashboard } from '../../../lambdas/src/use-cases/fetch-dashboard';
import { paidChange } from '../../../lambdas/src/use-cases/mark-paid';

const LA = 'America/Los_Angeles';
const zero = { tripCost: 0, rideCost: 0, convenienceFee: 0, discount: 0, driverShare: 0, customerPaid: 0, bookings: 0, feeBookings: 0 };

describe("the operator's clock in the use cases", () => {
  it("the dashboard's today and this month are the operator's at 4:30 pm in San Francisco (00:30 UTC the next day)", async () => {
    const asked: string[] = [];
    const earnings: EarningsStore = {
      months: async () => [{ month: '2026-11', ...zero, convenienceFee: 500, bookings: 2, feeBookings: 2 }, { month: '2026-12', ...zero, convenienceFee: 70, bookings: 1, feeBookings: 1 }],
      days: async (_scope, range) => { asked.push(`${range.from}..${range.to}`); return [{ day: '2026-11-30', ...zero, convenienceFee: 300, bookings: 1, feeBookings: 1 }]; },
      driverMonths: async () => [],
    };
    const now = () => new Date(Date.UTC(2026, 11, 1, 0, 30));
    const account = { profile: { id: 'a', usertype: 'admin' }, settings: { timeZone: LA } } as never;
    const out = await fetchDashboard({ earnings, now }, account);
    expect(out).toMatchObject({ day: '2026-11-30', month: '2026-11' });
    expect(out.today.gross).toBe(3);
    expect(out.thisMonth.gross).toBe(5);
    expect(out.days.at(-1)?.day).toBe('2026-11-30');
    expect(asked).toEqual(['2026-11-01..2026-11-30']);
  });

  it('PAID files a trip at 23:30 in Los Angeles under that day and month, not the UTC ones', () => {
    const tripdate = Date.UTC(2026, 3, 1, 6, 30); // 31 March 23:30 PDT
    const booking = {
      id: 'B1', status: 'REACHED', version: 3, customer: 'r1', driver: 'd1', driver_name: 'Dan', tripdate,
      trip_cost: 2000, driver_share: 1800, convenience_fees: 200, discount: 0,
    } as never;
    const change = paidChange(booking, 'cash', tripdate + 3_600_000, { symbol: '$', timeZone: LA });
    expect(change.earnings).toMatchObject({ day: '2026-03-31', month: '2026-03' });
    // No zone stored: UTC, the days aggregates were filed under before the zone was a setting.
    expect(paidChange(booking, 'cash', tripdate, { symbol: '$' }).earnings).toMatchObject({ day: '2026-04-01', month: '2026-04' });
  });
});

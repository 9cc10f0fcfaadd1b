import { describe, expect, it } from 'vitest';
import {
  calendarDate, countsForDashboard, countsForDriverEarnings, countsForEarningsReport, dashboardEarnings,
  driverEarnings, earningsReport, myEarning, profit, rideCost, type EarningBooking,
} from '../../../shared/src/domain/earnings';

const jan = Date.UTC(2025, 0, 15, 10);
const feb = Date.UTC(2025, 1, 3, 10);
const dec24 = Date.UTC(2024, 11, 31, 23, 30);

const b = (over: Partial<EarningBooking>): EarningBooking => ({
  status: 'PAID', tripdate: jan, trip_cost: 1100, convenience_fees: 100, discount_amount: 0, driver_share: 1000,
  customer_paid: 1100, driver: 'd1', driver_name: 'Dan', vehicle_number: 'AB-1', ...over,
});

describe('§9 earnings arithmetic', () => {
  it.each([
    [myEarning, 1100, 1000, 100],
    [rideCost, 1100, 100, 1000],
    [profit, 100, 30, 70],
    [profit, 100, 150, -50],
  ])('%o(%i, %i) = %i', (fn, a, c, expected) => {
    expect(fn(a, c)).toBe(expected);
  });
});

describe('§5 which bookings count', () => {
  it.each([
    ['PAID with amounts', b({}), true, true, true],
    ['COMPLETE with amounts', b({ status: 'COMPLETE' }), true, true, true],
    ['REACHED', b({ status: 'REACHED' }), false, false, false],
    ['CANCELLED', b({ status: 'CANCELLED' }), false, false, false],
    ['no trip cost', b({ trip_cost: undefined }), false, true, true],
    ['zero fee', b({ convenience_fees: 0 }), true, true, false],
    ['no fee', b({ convenience_fees: null }), false, true, false],
    ['no driver share', b({ driver_share: undefined }), true, false, true],
    ['no driver', b({ driver: undefined }), true, false, true],
  ])('%s: report=%s driver=%s dashboard=%s', (_n, booking, report, driver, dashboard) => {
    expect(countsForEarningsReport(booking)).toBe(report);
    expect(countsForDriverEarnings(booking)).toBe(driver);
    expect(countsForDashboard(booking)).toBe(dashboard);
  });
});

describe('§9 earnings grouped by year and month of tripdate', () => {
  const bookings = [
    b({}),
    // Tipped 2.50: the tip is its own figure, and no fee, profit or myEarning moves with it.
    b({ trip_cost: 2200, convenience_fees: 200, discount_amount: 50, driver_share: 2000, customer_paid: 2150, tip: 250 }),
    b({ tripdate: feb, driver: 'd2', driver_name: 'Eve', vehicle_number: 'CD-2' }),
    b({ tripdate: dec24, discount: 20, discount_amount: undefined }),
    b({ status: 'NEW' }),
  ];

  it('earning report rows, newest first', () => {
    expect(earningsReport(bookings)).toEqual([
      { year: 2025, month: 2, monthsName: 'February', tripCost: 1100, rideCost: 1000, convenienceFee: 100, discountAmount: 0, profit: 100, myEarning: 100, tips: 0, bookings: 1 },
      { year: 2025, month: 1, monthsName: 'January', tripCost: 3300, rideCost: 3000, convenienceFee: 300, discountAmount: 50, profit: 250, myEarning: 250, tips: 250, bookings: 2 },
      { year: 2024, month: 12, monthsName: 'December', tripCost: 1100, rideCost: 1000, convenienceFee: 100, discountAmount: 20, profit: 80, myEarning: 100, tips: 0, bookings: 1 },
    ]);
  });

  it('uses the given time zone for the month', () => {
    // 2024-12-31 23:30 UTC is already January in Madrid
    expect(calendarDate(dec24, 'Europe/Madrid')).toEqual({ year: 2025, month: 1, day: 1 });
    const rows = earningsReport(bookings, 'Europe/Madrid');
    expect(rows.map((r) => `${r.year}-${r.month}:${r.bookings}`)).toEqual(['2025-2:1', '2025-1:3']);
  });

  it('driver earning rows by month and driver', () => {
    expect(driverEarnings(bookings)).toEqual([
      { year: 2025, month: 2, monthsName: 'February', driverUid: 'd2', driverName: 'Eve', driverVehicleNo: 'CD-2', driverShare: 1000, tips: 0, bookings: 1 },
      { year: 2025, month: 1, monthsName: 'January', driverUid: 'd1', driverName: 'Dan', driverVehicleNo: 'AB-1', driverShare: 3000, tips: 250, bookings: 2 },
      { year: 2024, month: 12, monthsName: 'December', driverUid: 'd1', driverName: 'Dan', driverVehicleNo: 'AB-1', driverShare: 1000, tips: 0, bookings: 1 },
    ]);
  });

  it('dashboard: convenience fees today, this month and total', () => {
    const now = Date.UTC(2025, 0, 15, 18);
    const list = [...bookings, b({ tripdate: Date.UTC(2025, 0, 2), convenience_fees: 7 }), b({ convenience_fees: 0 })];
    expect(dashboardEarnings(list, now)).toEqual({ today: 300, thisMonth: 307, total: 507 });
  });
});

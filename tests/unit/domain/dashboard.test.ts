import { describe, expect, it } from 'vitest';
import { dashboardCards, dayBefore, lastDays, utcPeriods, zeroFigures } from '../../../shared/src/domain/dashboard';

const f = (convenienceFee: number, bookings = 1) => ({ tripCost: convenienceFee * 10, rideCost: convenienceFee * 9, convenienceFee, discount: 0, driverShare: convenienceFee * 8, customerPaid: convenienceFee * 10, bookings, feeBookings: convenienceFee > 0 ? bookings : 0, tips: convenienceFee / 10 });

describe('dashboard cards from the aggregates', () => {
  it('today from its day item, this month from its month item, the total from every month', () => {
    const cards = dashboardCards(
      '2026-03-02',
      [{ month: '2026-03', ...f(300, 3) }, { month: '2026-02', ...f(1000, 10) }, { month: '2025-12', ...f(50) }],
      [{ day: '2026-03-02', ...f(100) }, { day: '2026-03-01', ...f(200, 2) }, { day: '2026-02-28', ...f(400, 4) }],
    );
    expect(cards.today).toEqual(f(100));
    expect(cards.thisMonth).toEqual(f(300, 3));
    expect(cards.total.convenienceFee).toBe(1350);
    expect(cards.total.bookings).toBe(14);
    expect(cards.total.driverShare).toBe(1350 * 8);
  });

  it('the last 30 days oldest first, today last, zeros where nothing was paid, across month and year ends', () => {
    const cards = dashboardCards('2026-01-05', [], [{ day: '2025-12-31', ...f(7) }]);
    expect(cards.days).toHaveLength(30);
    expect(cards.days[0]!.day).toBe('2025-12-07');
    expect(cards.days[29]!.day).toBe('2026-01-05');
    expect(cards.days.find((d) => d.day === '2025-12-31')!.convenienceFee).toBe(7);
    expect(cards.days.find((d) => d.day === '2026-01-01')).toEqual({ day: '2026-01-01', ...zeroFigures() });
    expect(cards.today).toEqual(zeroFigures());
  });

  it('an aggregate written before a field existed counts it as 0', () => {
    const cards = dashboardCards('2026-03-02', [{ month: '2026-03', convenienceFee: 5, bookings: 1 }], []);
    expect(cards.thisMonth).toMatchObject({ convenienceFee: 5, bookings: 1, feeBookings: 0, tripCost: 0 });
  });

  it('UTC days and months, like the aggregates', () => {
    expect(utcPeriods(Date.UTC(2026, 0, 31, 23, 59))).toEqual({ day: '2026-01-31', month: '2026-01' });
    expect(dayBefore('2024-03-01', 1)).toBe('2024-02-29');
    expect(lastDays('2026-01-01', 3)).toEqual(['2025-12-30', '2025-12-31', '2026-01-01']);
  });
});

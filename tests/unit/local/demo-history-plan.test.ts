import { describe, expect, it } from 'vitest';
import { historyParts, plannedBookings } from '../../../infra/local/demo-history/play-history';

/**
 * The shape of the first start's two months (issue 21, a demo that looks alive): every day of the
 * dashboard's 30-day chart and of both report months has trips, the last week at the operator's
 * pace, the weeks before lighter so the whole stays a few hundred bookings; and the parts the play
 * is cut into hold every day exactly once, today's before the platform opens.
 */
describe('the demo history plan', () => {
  it('plans trips on every one of 60 days, the last week busiest, a few hundred in all', () => {
    const days = 60;
    const plan = Array.from({ length: days }, (_, d) => plannedBookings(d, days));
    for (const [d, n] of plan.entries()) expect(n, `day ${d}`).toBeGreaterThanOrEqual(2);
    for (const n of plan.slice(-7)) expect(n).toBe(Math.max(...plan));
    for (let d = 1; d < days; d++) expect(plan[d]!, `day ${d}`).toBeGreaterThanOrEqual(plan[d - 1]!);
    const total = plan.reduce((s, n) => s + n, 0);
    expect(total).toBeGreaterThan(200);
    expect(total).toBeLessThan(400);
  });

  it('a short history grows to the present pace on its last day, with trips every day', () => {
    const plan = [0, 1, 2].map((d) => plannedBookings(d, 3));
    expect(plan[2]).toBe(11);
    expect(plan[0]).toBeGreaterThanOrEqual(2);
    expect(plan[0]).toBeLessThan(plan[1]!);
    expect(plan[1]).toBeLessThan(plan[2]!);
  });

  it('cuts the days into a recent part (today, the last hour) and an older part (oldest first, the payout last), each once', () => {
    for (const days of [1, 2, 3, 60]) {
      const { recent, older } = historyParts(days);
      expect([...recent, ...older].sort((a, b) => a - b), `${days} days`).toEqual(Array.from({ length: days + 2 }, (_, n) => n));
      expect(recent.slice(0, 2), `${days} days`).toEqual(days === 1 ? [0, 1] : [days - 1, days]);
      expect(older, `${days} days`).toEqual(days === 1 ? [] : [...Array.from({ length: days - 1 }, (_, n) => n), days + 1]);
    }
  });
});

/**
 * Dashboard cards (spec §2 /dashboard, §5) from the earnings aggregates: pure arithmetic over
 * day and month items, so the read costs the same however many bookings there are. Amounts in
 * minor units; days and months are UTC calendar periods of trip date, like the aggregates.
 */

/** `tips` pass whole to drivers (domain/tips): beside the platform's figures, never in them. */
export const FIGURE_FIELDS = ['tripCost', 'rideCost', 'convenienceFee', 'discount', 'driverShare', 'customerPaid', 'bookings', 'feeBookings', 'tips'] as const;
export type FigureField = (typeof FIGURE_FIELDS)[number];
export type Figures = Record<FigureField, number>;

export const DASHBOARD_DAYS = 30;

export const zeroFigures = (): Figures => Object.fromEntries(FIGURE_FIELDS.map((f) => [f, 0])) as Figures;

export function addFigures(a: Figures, b: Partial<Figures>): Figures {
  return Object.fromEntries(FIGURE_FIELDS.map((f) => [f, a[f] + (b[f] ?? 0)])) as Figures;
}

/** YYYY-MM-DD of a UTC day `back` days before `day`. */
export function dayBefore(day: string, back: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - back)).toISOString().slice(0, 10);
}

/** The UTC day and month of an instant. */
export function utcPeriods(ms: number): { day: string; month: string } {
  const day = new Date(ms).toISOString().slice(0, 10);
  return { day, month: day.slice(0, 7) };
}

/** The `count` days ending with `today`, oldest first. */
export function lastDays(today: string, count = DASHBOARD_DAYS): string[] {
  return Array.from({ length: count }, (_, i) => dayBefore(today, count - 1 - i));
}

export interface DashboardCards {
  today: Figures;
  thisMonth: Figures;
  total: Figures;
  days: (Figures & { day: string })[];
}

/**
 * Today from its day item, this month from its month item, the total as the sum of every month
 * item, and the last days with zeros where nothing was paid.
 */
export function dashboardCards(
  today: string,
  months: readonly (Partial<Figures> & { month: string })[],
  days: readonly (Partial<Figures> & { day: string })[],
  count = DASHBOARD_DAYS,
): DashboardCards {
  const month = today.slice(0, 7);
  const byDay = new Map(days.map((d) => [d.day, d]));
  const series = lastDays(today, count).map((day) => ({ day, ...addFigures(zeroFigures(), byDay.get(day) ?? {}) }));
  return {
    today: addFigures(zeroFigures(), byDay.get(today) ?? {}),
    thisMonth: addFigures(zeroFigures(), months.find((m) => m.month === month) ?? {}),
    total: months.reduce<Figures>((sum, m) => addFigures(sum, m), zeroFigures()),
    days: series,
  };
}

/** A driver without a ping for this long is off the dashboard map (the roster heartbeat is ~30 s). */
export const ROSTER_FRESH_MS = 2 * 60_000;

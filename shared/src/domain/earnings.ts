import { roundMinor } from './money';

/**
 * Earnings arithmetic (spec §3, §9). Every amount is minor units, so the spec's "2 decimals"
 * holds by construction; roundMinor only guards against callers passing fractional values.
 */

/** The platform's take on a booking: customerPaid − driverShare. */
export function myEarning(customerPaid: number, driverShare: number): number {
  return roundMinor(customerPaid - driverShare);
}

/** The ride's own price: tripCost − convenienceFee. */
export function rideCost(tripCost: number, convenienceFee: number): number {
  return roundMinor(tripCost - convenienceFee);
}

/** Spec §3 earning report: profit = convenienceFee − discount. */
export function profit(convenienceFee: number, discount: number): number {
  return roundMinor(convenienceFee - discount);
}

/** The booking fields earnings read; amounts in minor units, tripdate in ms. */
export interface EarningBooking {
  status: string;
  tripdate: number;
  trip_cost?: number | null;
  convenience_fees?: number | null;
  /** The spec carries both names; discount_amount wins when both are set. */
  discount_amount?: number | null;
  discount?: number | null;
  driver_share?: number | null;
  customer_paid?: number | null;
  /** The rider's tip: all the driver's, never part of the fare, the fee or the platform's take. */
  tip?: number | null;
  driver?: string | null;
  driver_name?: string | null;
  vehicle_number?: string | null;
}

const isAmount = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);
const isSettled = (status: string) => status === 'PAID' || status === 'COMPLETE';
const discountOf = (b: EarningBooking) => (isAmount(b.discount_amount) ? b.discount_amount : isAmount(b.discount) ? b.discount : 0);

/**
 * Earning report: PAID or COMPLETE with trip cost and convenience fee present (0 is a real
 * amount, not a missing one). A missing discount counts as 0.
 */
export function countsForEarningsReport(b: EarningBooking): boolean {
  return isSettled(b.status) && isAmount(b.trip_cost) && isAmount(b.convenience_fees) && isAmount(b.tripdate);
}

/** Driver earning report: PAID or COMPLETE with a driver and a driver share. */
export function countsForDriverEarnings(b: EarningBooking): boolean {
  return isSettled(b.status) && !!b.driver && isAmount(b.driver_share) && isAmount(b.tripdate);
}

/** Dashboard gross earnings: PAID or COMPLETE with a convenience fee above 0. */
export function countsForDashboard(b: EarningBooking): boolean {
  return isSettled(b.status) && isAmount(b.convenience_fees) && b.convenience_fees > 0 && isAmount(b.tripdate);
}

export const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * Calendar date of a timestamp in a time zone. Grouping needs an explicit zone because the
 * server runs in UTC while the business thinks in local months.
 */
export function calendarDate(ms: number, timeZone = 'UTC'): { year: number; month: number; day: number } {
  const parts = formatterFor(timeZone).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

export interface EarningReportRow {
  year: number;
  /** 1–12 */
  month: number;
  /** English month name; the UI may translate from `month`. */
  monthsName: string;
  tripCost: number;
  rideCost: number;
  convenienceFee: number;
  discountAmount: number;
  profit: number;
  /** Sum of customerPaid − driverShare over bookings carrying both. */
  myEarning: number;
  /** Tips riders added: passed whole to drivers, so outside profit and myEarning. */
  tips: number;
  bookings: number;
}

export interface DriverEarningRow {
  year: number;
  month: number;
  monthsName: string;
  driverUid: string;
  driverName: string;
  driverVehicleNo: string;
  driverShare: number;
  /** Tips on these trips, the driver's in full: a figure of its own beside the share. */
  tips: number;
  bookings: number;
}

const newestFirst = (a: { year: number; month: number }, b: { year: number; month: number }) =>
  b.year - a.year || b.month - a.month;

/** Spec §9 earning report: counted bookings grouped by year and month of tripdate, newest first. */
export function earningsReport(bookings: readonly EarningBooking[], timeZone = 'UTC'): EarningReportRow[] {
  const rows = new Map<string, EarningReportRow>();
  for (const b of bookings) {
    if (!countsForEarningsReport(b)) continue;
    const { year, month } = calendarDate(b.tripdate, timeZone);
    const key = `${year}-${month}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        year, month, monthsName: MONTH_NAMES[month - 1] ?? '',
        tripCost: 0, rideCost: 0, convenienceFee: 0, discountAmount: 0, profit: 0, myEarning: 0, tips: 0, bookings: 0,
      };
      rows.set(key, row);
    }
    const tripCost = b.trip_cost!;
    const fee = b.convenience_fees!;
    const discount = discountOf(b);
    row.tripCost += tripCost;
    row.convenienceFee += fee;
    row.discountAmount += discount;
    row.rideCost += rideCost(tripCost, fee);
    row.profit += profit(fee, discount);
    if (isAmount(b.customer_paid) && isAmount(b.driver_share)) row.myEarning += myEarning(b.customer_paid, b.driver_share);
    if (isAmount(b.tip)) row.tips += b.tip;
    row.bookings += 1;
  }
  return [...rows.values()].sort(newestFirst);
}

/**
 * Spec §9 driver earning report: grouped by year, month and driver, newest month first and then
 * by driver name. Name and vehicle come from the latest booking of the group.
 */
export function driverEarnings(bookings: readonly EarningBooking[], timeZone = 'UTC'): DriverEarningRow[] {
  const rows = new Map<string, DriverEarningRow & { latest: number }>();
  for (const b of bookings) {
    if (!countsForDriverEarnings(b)) continue;
    const { year, month } = calendarDate(b.tripdate, timeZone);
    const driverUid = b.driver!;
    const key = `${year}-${month}-${driverUid}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        year, month, monthsName: MONTH_NAMES[month - 1] ?? '', driverUid,
        driverName: '', driverVehicleNo: '', driverShare: 0, tips: 0, bookings: 0, latest: -Infinity,
      };
      rows.set(key, row);
    }
    row.driverShare += b.driver_share!;
    if (isAmount(b.tip)) row.tips += b.tip;
    row.bookings += 1;
    if (b.tripdate >= row.latest) {
      row.latest = b.tripdate;
      row.driverName = b.driver_name ?? row.driverName;
      row.driverVehicleNo = b.vehicle_number ?? row.driverVehicleNo;
    }
  }
  return [...rows.values()]
    .sort((a, b) => newestFirst(a, b) || a.driverName.localeCompare(b.driverName))
    .map(({ latest: _latest, ...row }) => row);
}

export interface DashboardEarnings {
  today: number;
  thisMonth: number;
  total: number;
}

/**
 * Dashboard gross earnings cards: the platform's convenience fees over counted bookings,
 * for today, this calendar month and all time, in the given zone.
 */
export function dashboardEarnings(
  bookings: readonly EarningBooking[],
  now: number = Date.now(),
  timeZone = 'UTC',
): DashboardEarnings {
  const current = calendarDate(now, timeZone);
  const result: DashboardEarnings = { today: 0, thisMonth: 0, total: 0 };
  for (const b of bookings) {
    if (!countsForDashboard(b)) continue;
    const fee = b.convenience_fees!;
    const d = calendarDate(b.tripdate, timeZone);
    result.total += fee;
    if (d.year === current.year && d.month === current.month) {
      result.thisMonth += fee;
      if (d.day === current.day) result.today += fee;
    }
  }
  return result;
}

/** What one PAID booking adds to every earnings aggregate it belongs to (minor units). */
export interface EarningsAddition {
  tripCost: number;
  rideCost: number;
  convenienceFee: number;
  discount: number;
  driverShare: number;
  customerPaid: number;
  bookings: 1;
  /** Spec §5: the dashboard counts PAID or COMPLETE bookings with a convenience fee above 0. */
  feeBookings: 0 | 1;
}

export function earningsAddition(b: { trip_cost: number; convenience_fees: number; driver_share: number; customer_paid?: number; discount?: number }): EarningsAddition {
  const discount = b.discount ?? 0;
  return {
    tripCost: b.trip_cost,
    rideCost: rideCost(b.trip_cost, b.convenience_fees),
    convenienceFee: b.convenience_fees,
    discount,
    driverShare: b.driver_share,
    customerPaid: b.customer_paid ?? Math.max(0, b.trip_cost - discount),
    bookings: 1,
    feeBookings: b.convenience_fees > 0 ? 1 : 0,
  };
}

/**
 * What a tip adds to the aggregates of its booking's day and month (the trip date's, like the
 * PAID step's addition): the tip alone. No trip cost, fee, share, customer payment or booking
 * count moves, so the platform's fee, profit and take read exactly as before the tip.
 */
export interface TipAddition {
  tips: number;
}

export function tipAddition(amount: number): TipAddition {
  return { tips: amount };
}

/** The day and month an aggregate files a booking under: its trip date (spec §9), in `timeZone`. */
export function earningsPeriods(tripdate: number, timeZone = 'UTC'): { day: string; month: string } {
  const { year, month, day } = calendarDate(tripdate, timeZone);
  const mm = String(month).padStart(2, '0');
  return { day: `${year}-${mm}-${String(day).padStart(2, '0')}`, month: `${year}-${mm}` };
}

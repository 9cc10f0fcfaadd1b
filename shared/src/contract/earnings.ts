import * as z from './zod';
import { route } from './route';

/**
 * Spec §2 /earningreports and /driverearning, §3 Earning report row and Driver earning row.
 * Both read only the pre-aggregated items the PAID step adds to, never the bookings, so their
 * cost does not grow with the number of bookings.
 */

const Month = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month is YYYY-MM'));

export const EarningsQuery = z.strictObject({ from: z.optional(Month), to: z.optional(Month) }).check(z.refine((q) => !q.from || !q.to || q.from <= q.to, { message: '"from" must not be after "to"', path: ['from'] }));

const Amount = z.number();

export const EarningReportRow = z.object({
  year: z.number().check(z.int()),
  month: z.number().check(z.int(), z.gte(1), z.lte(12)),
  monthsName: z.string(),
  tripCost: Amount,
  rideCost: Amount,
  convenienceFee: Amount,
  discountAmount: Amount,
  /** Spec §3: convenience fee minus discount. */
  profit: Amount,
  /** customerPaid minus driverShare (spec §9 myEarning). */
  myEarning: Amount,
  /** Tips riders added: all the drivers', outside profit and myEarning. */
  tips: Amount,
  bookings: z.number().check(z.int(), z.nonnegative()),
});
export type EarningReportRow = z.infer<typeof EarningReportRow>;

export const DriverEarningRow = z.object({
  year: z.number().check(z.int()),
  month: z.number().check(z.int(), z.gte(1), z.lte(12)),
  monthsName: z.string(),
  driverUid: z.string(),
  driverName: z.string(),
  driverVehicleNo: z.string(),
  driverShare: Amount,
  /** Tips on the driver's trips, theirs in full: its own figure beside the share. */
  tips: Amount,
  bookings: z.number().check(z.int(), z.nonnegative()),
});
export type DriverEarningRow = z.infer<typeof DriverEarningRow>;

export const fetchEarningsReport = route({
  method: 'GET', path: '/earnings/report', operationId: 'fetchEarningsReport', area: 'earnings', auth: ['admin'],
  summary: 'Spec §2 /earningreports: per year and month of trip date, the PAID or COMPLETE bookings\' trip cost, ride cost, convenience fee, discount and profit (fee − discount), newest first; `from`/`to` (YYYY-MM) narrow the months',
  query: EarningsQuery,
  response: z.object({ items: z.array(EarningReportRow) }),
});

export const fetchDriverEarnings = route({
  method: 'GET', path: '/earnings/drivers', operationId: 'fetchDriverEarnings', area: 'earnings', auth: ['admin', 'fleetadmin'],
  summary: 'Spec §2 /driverearning: per year, month and driver, the driver share of PAID or COMPLETE bookings, newest month first; a fleet admin sees only its own drivers',
  query: EarningsQuery,
  response: z.object({ items: z.array(DriverEarningRow) }),
});

import * as z from './zod';
import { Money } from './common';
import { route } from './route';

/**
 * Spec §2 /dashboard (admin, fleet admin): gross earnings cards and the live map of active
 * drivers (spec §6: a fleet admin's scope is its own fleet), plus a demand layer (beyond the
 * spec). Every read here costs the same however many bookings exist: the cards read the earnings
 * aggregates, the map reads the online roster, the demand layer one day's cells.
 */

const Day = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'a day is YYYY-MM-DD'));

/** What a period's PAID or COMPLETE bookings add up to (two-decimal amounts). */
export const DashboardFigures = z.object({
  /** Spec §2 gross earnings: the convenience fees (spec §5: bookings with a fee above 0). */
  gross: Money,
  tripCost: Money,
  /** tripCost − convenience fee (spec §9 rideCost). */
  rideCost: Money,
  discount: Money,
  /** Spec §3 profit: convenience fee − discount (may be negative). */
  profit: z.number(),
  driverShare: Money,
  customerPaid: Money,
  /** Riders' tips, all of them the drivers' (never in gross or profit). */
  tips: Money,
  /** Spec §5: PAID or COMPLETE bookings with a convenience fee above 0. */
  bookings: z.number().check(z.int(), z.nonnegative()),
  /** Every PAID or COMPLETE booking, fee or not. */
  paidBookings: z.number().check(z.int(), z.nonnegative()),
});
export type DashboardFigures = z.infer<typeof DashboardFigures>;

export const DashboardDay = z.extend(DashboardFigures, { day: Day });
export type DashboardDay = z.infer<typeof DashboardDay>;

export const Dashboard = z.object({
  /** `all` (admins: the platform) or `fleet` (a fleet admin: its drivers' bookings). */
  scope: z.enum(['all', 'fleet']),
  /** Today (UTC, like the aggregates: trip date's calendar day) and this month. */
  day: Day,
  month: z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/)),
  today: DashboardFigures,
  thisMonth: DashboardFigures,
  total: DashboardFigures,
  /** The last 30 days, oldest first, today last; days without bookings are zeros. */
  days: z.array(DashboardDay),
});
export type Dashboard = z.infer<typeof Dashboard>;

export const fetchDashboard = route({
  method: 'GET', path: '/dashboard', operationId: 'fetchDashboard', area: 'dashboard', auth: ['admin', 'fleetadmin'],
  summary: 'Spec §2 /dashboard cards: gross earnings (convenience fees of PAID or COMPLETE bookings) today, this month and in total, with trip cost, driver share and bookings, and the last 30 days; a fleet admin gets its own fleet\'s figures. Reads only the earnings aggregates (UTC days and months of trip date)',
  response: Dashboard,
});

export const ActiveDriver = z.object({
  uid: z.string(),
  name: z.string(),
  vehicleNumber: z.optional(z.string()),
  carType: z.string(),
  /** `trip`: the driver holds a trip (ACCEPTED, ARRIVED, STARTED); else `free`. */
  status: z.enum(['free', 'trip']),
  /** The trip's status while `status` is `trip`. */
  tripStatus: z.optional(z.string()),
  bookingId: z.optional(z.string()),
  fleetadmin: z.optional(z.string()),
  lat: z.number(),
  lng: z.number(),
  /** When the last location arrived (ms). */
  at: z.number(),
});
export type ActiveDriver = z.infer<typeof ActiveDriver>;

export const fetchActiveDrivers = route({
  method: 'GET', path: '/dashboard/drivers', operationId: 'fetchActiveDrivers', area: 'dashboard', auth: ['admin', 'fleetadmin'],
  summary: 'Spec §2 /dashboard live map: drivers online now with their last position (a ping within 2 minutes), from the online roster, never a listing of users; a fleet admin sees only its own drivers. Follow `drivers/all` or `drivers/fleet/<uid>` for batched positions',
  response: z.object({ items: z.array(ActiveDriver), at: z.number() }),
});

export const DemandCell = z.object({
  /** 5-character geohash (~5 x 5 km). */
  cell: z.string(),
  /** The cell's centre. */
  lat: z.number(),
  lng: z.number(),
  /** Bookings requested with a pickup in the cell that day. */
  bookings: z.number().check(z.int(), z.nonnegative()),
  /** Requests nobody served: a Book Now that found no driver, a booking the system gave up for lack of drivers. */
  unserved: z.number().check(z.int(), z.nonnegative()),
});
export type DemandCell = z.infer<typeof DemandCell>;

export const fetchDemand = route({
  method: 'GET', path: '/dashboard/demand', operationId: 'fetchDemand', area: 'dashboard', auth: ['admin', 'fleetadmin'],
  summary: 'Demand layer (beyond the spec): per ~5 km cell, the bookings requested and the requests left unserved on a day (UTC, default today), platform-wide counts only; one query of that day\'s cells',
  query: z.strictObject({ day: z.optional(Day) }),
  response: z.object({ day: Day, items: z.array(DemandCell) }),
});

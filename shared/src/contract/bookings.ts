import * as z from './zod';
import { BOOKING_STATUSES } from '../domain/booking-status';
import { MAX_LIVE_OFFERS } from '../domain/dispatch';
import { MAX_STOPS } from '../domain/stops';
import { BookingIdParams, BookingPoint, BookingView, DistanceUnit } from './booking-view';
import { cleanText, Id, LatLng, Money, page, PageQuery, PricedItem, ZoneFee } from './common';
import { RouteDetails } from './geo';
import { ROLES, route } from './route';

export { BookingIdParams, BookingPoint, BookingStatus, BookingView, CancelledBy, DeliveryProofView, DistanceUnit, PromoDetails } from './booking-view';

/**
 * Places between the pickup and the drop, in driving order, each a point with an address like
 * them. More than MAX_STOPS is 400 stops_too_many (the key travels as the issue's message); a stop
 * at sea is the use case's 400 stop_not_a_place.
 */
export const BookingStops = z.array(BookingPoint).check(
  z.superRefine((list, ctx) => {
    if (list.length > MAX_STOPS) ctx.addIssue({ code: 'custom', message: 'stops_too_many', input: list });
  }),
  // After the keyed rule (a failed length check stops the checks after it); it gives the schema its maxItems.
  z.maxLength(MAX_STOPS),
);

/** Spec §3 Instruction data: who receives the parcel and what the driver should know. */
export const InstructionData = z.strictObject({
  deliveryPerson: z.optional(cleanText(100)),
  deliveryPersonPhone: z.optional(cleanText(40)),
  pickUpInstructions: z.optional(cleanText(500)),
  deliveryInstructions: z.optional(cleanText(500)),
});
export type InstructionData = z.infer<typeof InstructionData>;

/**
 * What the form chose. Required parts are optional here so that a missing one is reported with
 * the spec's key (select_proper) by the use case, in the §5 order, rather than as a schema error.
 * Prices, statuses, shares and settings are not fields: the server computes them.
 */
const TripChoice = {
  pickup: z.optional(z.nullable(BookingPoint)),
  drop: z.optional(z.nullable(BookingPoint)),
  /** Stops between them, in order; the fare is over the whole route (domain/stops). */
  stops: z.optional(BookingStops),
  carTypeId: z.optional(z.nullable(Id)),
  /**
   * Index into the car type's parcelTypes / options (spec Instruction data parcelTypeIndex,
   * optionIndex). null is the choice "none": nothing added to the fare (§9 adds "any" amount).
   * Left out, a car type that has the list still needs a choice (select_proper).
   */
  parcelTypeIndex: z.optional(z.nullable(z.number().check(z.int(), z.gte(0), z.lte(49)))),
  optionIndex: z.optional(z.nullable(z.number().check(z.int(), z.gte(0), z.lte(49)))),
};

/** Spec §3 Estimate, as the estimate modal shows it. Money in decimals, distance in `distanceUnit`. */
export const Estimate = z.object({
  carTypeId: Id,
  carType: z.string(),
  /** The grand total: fare + convenience fee (spec estimateFare, the booking's trip_cost). */
  estimateFare: Money,
  totalFare: Money,
  convenience_fees: Money,
  driver_share: Money,
  estimateDistance: z.number().check(z.nonnegative()),
  distanceUnit: DistanceUnit,
  /** Seconds. */
  estimateTime: z.number().check(z.nonnegative()),
  parcelTypeSelected: z.optional(PricedItem),
  optionSelected: z.optional(PricedItem),
  /** Fixed fees of the zones the trip starts or ends in, each its own line; in estimateFare and driver_share, not in totalFare. */
  zone_fees: z.optional(z.array(ZoneFee)),
  route: RouteDetails,
});
export type Estimate = z.infer<typeof Estimate>;

export const getEstimate = route({
  method: 'POST', path: '/bookings/estimate', operationId: 'getEstimate', area: 'bookings', auth: ['rider', 'admin'],
  summary: 'Route and fare (§9) for a car type, parcel type and option, computed by the server',
  body: z.strictObject(TripChoice),
  response: Estimate,
});

/** Whether a Book Now at this pickup would find a driver of this car type (the booking's own search). */
export const Availability = z.object({ driversNearby: z.boolean() });
export type Availability = z.infer<typeof Availability>;

/**
 * Asked by the booking form as soon as a pickup and a car type are chosen, so "no driver nearby"
 * is said before the rest of the form is filled in; the booking checks again when it is made.
 * Only the answer is given: never how many drivers there are, nor where.
 */
export const checkAvailability = route({
  method: 'POST', path: '/bookings/availability', operationId: 'checkAvailability', area: 'bookings', auth: ['rider', 'admin'],
  summary: 'Whether a Book Now at the pickup would find an online driver of the car type within the settings\' radius (the search addBooking makes; select_proper when the pickup or car type is missing or unknown; 422 outside_service_area when the pickup is outside every service area)',
  body: z.strictObject({ pickup: TripChoice.pickup, carTypeId: TripChoice.carTypeId }),
  response: Availability,
});


/** Rider, or admin on behalf of a rider (/addbookings; `riderId` then required). */
export const AddBookingBody = z.strictObject({
  ...TripChoice,
  bookLater: z._default(z.boolean(), false),
  /**
   * Book Later: when the trip is due, at least 15 minutes ahead: ms since the epoch, or the date-time
   * field's 'YYYY-MM-DDTHH:mm', read in the operator's time zone (settings `timeZone`).
   */
  tripdate: z.optional(z.nullable(z.union([z.number().check(z.int(), z.positive()), z.string().check(z.maxLength(16))]))),
  instructionData: z.optional(InstructionData),
  riderId: z.optional(z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9-]+$/)))),
});
export type AddBookingBody = z.infer<typeof AddBookingBody>;

/**
 * Open to every signed-in role so that a driver or fleet admin hears the spec's own answer
 * (§5: a rider is required, user_issue_contact_admin) rather than a bare 403.
 */
export const addBooking = route({
  method: 'POST', path: '/bookings', operationId: 'addBooking', area: 'bookings', auth: ROLES,
  summary: 'Create a booking (§5 checks in order: a rider, or an admin for a rider; user_issue_contact_admin otherwise; 409 wallet_below_zero while the rider\'s wallet is below zero; then select_proper, past_booking_error, deliveryDetailMissing, place_to_coords_error, no_driver_found_alert_messege). Idempotent (Idempotency-Key header): the same request again answers the first answer; the key with another request is 422 idempotency_key_reused (a retried confirmation makes one booking)',
  body: AddBookingBody, status: 201, idempotent: true,
  response: BookingView,
});

const TripDateBound = z.coerce.number().check(z.int(), z.nonnegative(), z.lte(9_999_999_999_999));

/** Comma-separated statuses, e.g. `NEW,ACCEPTED`. */
const StatusList = z.string().check(z.maxLength(200), z.refine((s) => s.split(',').every((x) => (BOOKING_STATUSES as readonly string[]).includes(x.trim())), { message: 'status must be booking statuses separated by commas' }));

export const fetchBookings = route({
  method: 'GET', path: '/bookings', operationId: 'fetchBookings', area: 'bookings', auth: ROLES,
  summary: 'Bookings by role (rider: own; driver: own trips; fleet admin: its drivers\'; admin: all), newest trip date first',
  query: z.extend(z.strictObject(PageQuery.shape), {
    status: z.optional(StatusList),
    /** Trip date range, ms since the epoch, inclusive (13 digits at most: the index sorts them as text). */
    from: z.optional(TripDateBound),
    to: z.optional(TripDateBound),
  }).check(z.refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { message: '"from" must not be after "to"', path: ['from'] })),
  response: page(BookingView),
});


export const fetchBooking = route({
  method: 'GET', path: '/bookings/{id}', operationId: 'fetchBooking', area: 'bookings', auth: ROLES,
  summary: 'One booking, for its rider, its driver (or a driver holding its offer), its fleet admin or an admin; 404 for anyone else',
  params: BookingIdParams,
  response: BookingView,
});

export const cancelBooking = route({
  method: 'POST', path: '/bookings/{id}/cancel', operationId: 'cancelBooking', area: 'bookings', auth: ['rider', 'admin'],
  summary: 'Cancel in NEW, ACCEPTED or PAYMENT_PENDING with a reason (PAYMENT_PENDING uses the fixed incomplete-booking reason); revokes every live offer; a cancel that races a driver\'s accept or arrival is checked again on the booking as it then is and goes on where the rules allow',
  params: BookingIdParams,
  body: z.strictObject({ reason: z.optional(cleanText(200, { required: true })) }),
  response: BookingView,
});

export const AssignableDriver = z.object({
  id: z.string(),
  name: z.string(),
  carType: z.string(),
  vehicleNumber: z.optional(z.string()),
  /** From the pickup, in `distanceUnit`. */
  distance: z.number().check(z.nonnegative()),
  distanceUnit: DistanceUnit,
  location: LatLng,
  fleetadmin: z.optional(z.string()),
});
export type AssignableDriver = z.infer<typeof AssignableDriver>;

export const fetchAssignableDrivers = route({
  method: 'GET', path: '/bookings/{id}/assignable-drivers', operationId: 'fetchAssignableDrivers', area: 'bookings', auth: ['admin'],
  summary: 'Drivers an admin may assign (§5: queue false, approved, active, with a fresh location, the booking\'s car type), nearest first',
  params: BookingIdParams,
  response: z.object({ items: z.array(AssignableDriver) }),
});

export const assignDriver = route({
  method: 'POST', path: '/bookings/{id}/assign', operationId: 'assignDriver', area: 'bookings', auth: ['admin'],
  summary: `Offer a NEW booking to a chosen driver (§4 Assign driver: admin, auto-dispatch off, else 409 auto_dispatch_on); the driver is told; 409 driver_unavailable for a driver offline, on a trip or not approved, 409 offers_at_limit when the booking already has ${MAX_LIVE_OFFERS} live offers`,
  params: BookingIdParams,
  body: z.strictObject({ driverId: z.string().check(z.trim(), z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9-]+$/)) }),
  response: BookingView,
});

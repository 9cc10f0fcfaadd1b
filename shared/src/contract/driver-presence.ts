import * as z from './zod';
import { DOCUMENT_TYPES } from '../domain/driver-documents';
import { BookingPoint, DistanceUnit } from './booking-view';
import { Id, LatLng, Money } from './common';
import { route } from './route';

/**
 * A driver's offers, availability and position (the bookings area's handlers), apart from the
 * bookings routes: a function builds the schemas of every contract module it imports when it loads.
 */

/** A NEW booking offered to a driver, with what the driver needs to decide. */
export const Offer = z.object({
  bookingId: Id,
  offeredAt: z.number(),
  /** ms; admin assignments do not expire while the booking is NEW. */
  expiresAt: z.optional(z.number()),
  round: z.number().check(z.int(), z.nonnegative()),
  carType: z.string(),
  pickup: BookingPoint,
  drop: BookingPoint,
  estimate: Money,
  driver_share: Money,
  estimateDistance: z.number(),
  distanceUnit: DistanceUnit,
  /** From the driver to the pickup when offered, in `distanceUnit`. */
  distanceToPickup: z.optional(z.number()),
  tripdate: z.number(),
  bookLater: z.boolean(),
  assignedByAdmin: z.boolean(),
});
export type Offer = z.infer<typeof Offer>;

/** Spec §6: a driver sees the NEW bookings that list them in requestedDrivers. */
export const fetchOffers = route({
  method: 'GET', path: '/drivers/me/offers', operationId: 'fetchOffers', area: 'drivers', auth: ['driver'],
  summary: 'The signed-in driver\'s live offers, soonest expiry first',
  response: z.object({ items: z.array(Offer) }),
});

export const DriverPresence = z.object({
  online: z.boolean(),
  queue: z.boolean(),
  location: z.optional(LatLng),
  /** When the last location arrived (ms). */
  locationAt: z.optional(z.number()),
  /** Whether dispatch can find the driver right now (online, free, fresh location). */
  dispatchable: z.boolean(),
  /** Why the platform set the driver offline (a document), until they go online again. */
  offlineReason: z.optional(z.object({
    code: z.literal('documents'), documentType: z.enum(DOCUMENT_TYPES), problem: z.enum(['missing', 'unverified', 'rejected', 'expired']), at: z.number(),
  })),
});
export type DriverPresence = z.infer<typeof DriverPresence>;

export const fetchDriverPresence = route({
  method: 'GET', path: '/drivers/me', operationId: 'fetchDriverPresence', area: 'drivers', auth: ['driver'],
  summary: 'The signed-in driver\'s availability and last location',
  response: DriverPresence,
});

export const setDriverAvailability = route({
  method: 'PUT', path: '/drivers/me/availability', operationId: 'setDriverAvailability', area: 'drivers', auth: ['driver'],
  summary: 'Go online or offline (driverActiveStatus); offline drivers are never dispatched',
  body: z.strictObject({ online: z.boolean() }),
  response: DriverPresence,
});

export const updateDriverLocation = route({
  method: 'POST', path: '/drivers/me/location', operationId: 'updateDriverLocation', area: 'drivers', auth: ['driver'],
  summary: 'A location ping: one conditional write; the geo index is rewritten on a cell change or a ~30 s heartbeat',
  body: z.strictObject({
    lat: LatLng.shape.lat,
    lng: LatLng.shape.lng,
    /** Degrees from north, metres per second, metres: optional extras a phone reports. */
    heading: z.optional(z.number().check(z.gte(0), z.lte(360))),
    speed: z.optional(z.number().check(z.gte(0), z.lte(200))),
    accuracy: z.optional(z.number().check(z.gte(0), z.lte(100_000))),
  }),
  response: z.object({ at: z.number(), indexed: z.boolean() }),
});

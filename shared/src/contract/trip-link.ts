import * as z from './zod';
import { BOOKING_STATUSES } from '../domain/booking-status';
import { TRIP_LINK_TOKEN_PATTERN } from '../domain/trip-link';
import { BookingIdParams } from './booking-view';
import { LatLng } from './common';
import { route } from './route';

/**
 * "Follow my trip": the rider makes a link anyone can open without an account; the public read
 * answers only the fields of domain/trip-link's allow-list while the trip is live. A revoked,
 * ended or unknown link answers the same 404 `trip_link_not_found`, so a guess learns nothing.
 */

export const TripLinkToken = z.string().check(z.regex(TRIP_LINK_TOKEN_PATTERN));

export const TripLink = z.object({
  /** The link's secret: shown once, here; the platform keeps only its hash. */
  token: TripLinkToken,
  /** Where the public page lives on the site: `/t/<token>`. */
  path: z.string(),
  /** The latest the link can live (it dies sooner, with the trip). */
  expiresAt: z.number(),
});
export type TripLink = z.infer<typeof TripLink>;

export const createTripLink = route({
  method: 'POST', path: '/bookings/{id}/trip-link', operationId: 'createTripLink', area: 'trips', auth: ['rider'],
  summary: 'The rider\'s share link for their live trip: a new unguessable token each call (the previous link of theirs dies); 409 trip_link_trip_over once the trip has ended',
  params: BookingIdParams, body: z.strictObject({}),
  status: 201,
  response: TripLink,
});

export const revokeTripLink = route({
  method: 'DELETE', path: '/bookings/{id}/trip-link', operationId: 'revokeTripLink', area: 'trips', auth: ['rider'],
  summary: 'The rider takes their share link back: at once, the link answers 404 like an unknown one (404 trip_link_not_found when there is none)',
  params: BookingIdParams,
  response: z.object({ revoked: z.literal(true) }),
});

/**
 * Public: a link's page polls this. Throttled per route at the gateway (the site's per-address WAF
 * limit applies too): a flood of guesses is refused before any read.
 */
export const fetchSharedTrip = route({
  method: 'GET', path: '/shared-trips/{token}', operationId: 'fetchSharedTrip', area: 'trips', auth: 'public',
  throttle: { ratePerSecond: 50, burst: 100 },
  summary: 'The live trip behind a share link: status, the driver\'s first name, the car, the latest position and time to the pickup or drop, the areas of the pickup and drop; never phones, codes, fares or who rides. 404 trip_link_not_found for an unknown, revoked or ended link alike',
  params: z.object({ token: TripLinkToken }),
  response: z.strictObject({
    status: z.enum(BOOKING_STATUSES),
    driverFirstName: z.optional(z.string()),
    carType: z.string(),
    vehicleMake: z.optional(z.string()),
    vehicleModel: z.optional(z.string()),
    vehicleNumber: z.optional(z.string()),
    position: z.optional(z.object({ lat: LatLng.shape.lat, lng: LatLng.shape.lng, at: z.number() })),
    etaSeconds: z.optional(z.number().check(z.nonnegative())),
    etaTo: z.optional(z.enum(['pickup', 'drop'])),
    pickupArea: z.string(),
    dropArea: z.string(),
    pickup: LatLng,
    drop: LatLng,
    /** Stops between pickup and drop: only how many, and how many are reached. */
    stopCount: z.optional(z.number().check(z.int(), z.positive())),
    stopsReached: z.optional(z.number().check(z.int(), z.nonnegative())),
  }),
});

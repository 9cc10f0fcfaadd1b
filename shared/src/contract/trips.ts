import * as z from './zod';
import { BookingIdParams, BookingStatus, BookingView } from './booking-view';
import { LatLng } from './common';
import { ROLES, route } from './route';

/**
 * The trip: every step of spec §4 after dispatch is one server operation. Each checks the caller's
 * role and relation to the booking, conditions on the current status and writes all of its side
 * effects in one transaction; a move the table does not allow is 409 with nothing written.
 */

const noBody = z.strictObject({});

export const acceptBooking = route({
  method: 'POST', path: '/bookings/{id}/accept', operationId: 'acceptBooking', area: 'trips', auth: ['driver'],
  summary: 'A driver holding a live offer takes a NEW booking: driver details copied, every other offer revoked, the driver queued, a tracking point, the customer told; of simultaneous accepts exactly one wins, the others answer 409 booking_taken (also once another driver has it); 409 offer_expired when the offer lapsed or the booking was cancelled',
  params: BookingIdParams, body: noBody,
  response: BookingView,
});

export const declineBooking = route({
  method: 'POST', path: '/bookings/{id}/decline', operationId: 'declineBooking', area: 'trips', auth: ['driver'],
  summary: 'The driver leaves requestedDrivers; when no offer is left out, dispatch asks the next drivers at once',
  params: BookingIdParams, body: noBody,
  response: z.object({ declined: z.literal(true) }),
});

export const releaseBooking = route({
  method: 'POST', path: '/bookings/{id}/release', operationId: 'releaseBooking', area: 'trips', auth: ['driver'],
  summary: 'The assigned driver gives the trip up before pickup (ACCEPTED or ARRIVED): the booking goes back to dispatch without them and the rider is told',
  params: BookingIdParams, body: noBody,
  response: z.object({ released: z.literal(true) }),
});

export const arriveBooking = route({
  method: 'POST', path: '/bookings/{id}/arrive', operationId: 'arriveBooking', area: 'trips', auth: ['driver'],
  summary: 'ARRIVED: arrival time recorded, a tracking point, the customer told the driver is near',
  params: BookingIdParams, body: noBody,
  response: BookingView,
});

export const startTrip = route({
  method: 'POST', path: '/bookings/{id}/start', operationId: 'startTrip', area: 'trips', auth: ['driver'],
  summary: 'STARTED: start time and a tracking point; with otp_secure the rider\'s 5-digit trip code must match (400 trip_code_mismatch)',
  params: BookingIdParams,
  body: z.strictObject({ otp: z.optional(z.string().check(z.trim(), z.regex(/^\d{1,10}$/))) }),
  response: BookingView,
});

export const reachBooking = route({
  method: 'POST', path: '/bookings/{id}/reach', operationId: 'reachBooking', area: 'trips', auth: ['driver'],
  summary: 'REACHED: end time and trip seconds, the drop saved to the rider\'s addresses; in taxi mode distance and fare from the tracked route and the drop at the driver\'s location; 409 stops_remaining while a stop of the booking is not reached',
  params: BookingIdParams, body: noBody,
  response: BookingView,
});

export const settleBooking = route({
  method: 'POST', path: '/bookings/{id}/settle', operationId: 'settleBooking', area: 'trips', auth: ['driver'],
  summary: 'At the drop (REACHED): a prepaid booking or cash the driver confirms taking makes it PAID (wallets credited and debited through the ledger); `later` leaves the rider to pay (PENDING) and frees the driver. Idempotent (Idempotency-Key header): the same request again answers the first answer; the key with another request is 422 idempotency_key_reused',
  params: BookingIdParams, idempotent: true,
  body: z.strictObject({ method: z.enum(['cash', 'later']) }),
  response: BookingView,
});

export const PaymentProviderChoice = z.object({ name: z.string(), link: z.string() });

export const payBooking = route({
  method: 'POST', path: '/bookings/{id}/pay', operationId: 'payBooking', area: 'trips', auth: ['rider'],
  summary: 'The rider pays: from the wallet (REACHED or PENDING, debited in the PAID transaction), or Pay now by card (PENDING): the card payment packet is saved and the providers returned, the first preselected (insufficient_balance when the wallet does not cover the fare, no_provider_found when no provider is enabled, booking_already_paid for a prepaid or paid booking). Idempotent (Idempotency-Key header): the same request again answers the first answer; the key with another request is 422 idempotency_key_reused',
  params: BookingIdParams, idempotent: true,
  body: z.strictObject({ method: z.enum(['wallet', 'card']) }),
  response: z.object({
    booking: BookingView,
    /** Card only: the provider chooser (spec §4 Pay now). */
    providers: z.optional(z.array(PaymentProviderChoice)),
    selectedProvider: z.optional(z.string()),
  }),
});

export const completeBooking = route({
  method: 'POST', path: '/bookings/{id}/complete', operationId: 'completeBooking', area: 'trips', auth: ['rider'],
  summary: 'COMPLETE with an optional 1–5 rating: the driver\'s one-decimal average recomputed and the driver told',
  params: BookingIdParams,
  body: z.strictObject({ rating: z.optional(z.number().check(z.int(), z.gte(1), z.lte(5))) }),
  response: BookingView,
});

/** Spec §3 Tracking point. */
export const TrackingPoint = z.object({
  id: z.string(),
  at: z.number(),
  status: BookingStatus,
  lat: LatLng.shape.lat,
  lng: LatLng.shape.lng,
});
export type TrackingPoint = z.infer<typeof TrackingPoint>;

export const fetchTracking = route({
  method: 'GET', path: '/bookings/{id}/tracking', operationId: 'fetchTracking', area: 'trips', auth: ROLES,
  summary: 'Spec §5 location fetch: exactly the latest tracking point (else location_fetch_error), with the driving time to the pickup (before it) or the drop (during the trip)',
  params: BookingIdParams,
  response: z.object({
    point: TrackingPoint,
    /** Seconds to the pickup while the rider waits, to the drop while riding. */
    etaSeconds: z.optional(z.number().check(z.nonnegative())),
    etaTo: z.optional(z.enum(['pickup', 'drop'])),
  }),
});

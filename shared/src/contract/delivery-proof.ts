import * as z from './zod';
import { DELIVERY_CODE_MAX, DELIVERY_FAILURE_REASONS, RECEIVED_BY_MAX } from '../domain/delivery-proof';
import { BookingIdParams, BookingView } from './booking-view';
import { cleanText } from './common';
import { route } from './route';

/**
 * Proof of delivery (domain/delivery-proof): at the drop (REACHED) the parcel's driver records how
 * it was handed over, or that it could not be, and later that it went back to the sender. Each is
 * one write conditioned on the booking's version; the booking's own live topic carries it.
 */

const DIGITS = String(DELIVERY_CODE_MAX).length;

export const proveDelivery = route({
  method: 'POST', path: '/bookings/{id}/delivery/proof', operationId: 'proveDelivery', area: 'trips', auth: ['driver'],
  summary: `The parcel's driver records the delivery at the drop (REACHED): \`code\`, the ${DIGITS}-digit code texted to the recipient (a wrong code 400 delivery_code_mismatch; after a few wrong codes the booking's code is locked for a while, 429 delivery_code_locked, right or not), or \`left_with\` when the recipient is absent: the delivery photo uploaded first (409 delivery_photo_missing) and the name of who took the parcel. One write conditioned on the booking's version: of simultaneous records one wins, the others 409 delivery_already_recorded. Not at the drop 409 delivery_not_at_drop; a booking without a code asked for one 409 delivery_code_not_set; not a parcel 409 delivery_not_a_parcel; anyone but the booking's driver 404. Until a delivery is recorded (or a failed one returned), a booking with a code is not settled (409 delivery_proof_required)`,
  params: BookingIdParams,
  body: z.discriminatedUnion('method', [
    z.strictObject({ method: z.literal('code'), code: z.string().check(z.regex(new RegExp(`^\\d{${DIGITS}}$`))) }),
    z.strictObject({ method: z.literal('left_with'), receivedBy: cleanText(RECEIVED_BY_MAX, { required: true }) }),
  ]),
  response: BookingView,
});

export const failDelivery = route({
  method: 'POST', path: '/bookings/{id}/delivery/failure', operationId: 'failDelivery', area: 'trips', auth: ['driver'],
  summary: `The parcel's driver records at the drop (REACHED) that it could not be delivered, with a reason (${DELIVERY_FAILURE_REASONS.join(', ')}). The return to the sender (drop back to pickup) is priced by the same §9 rules as the trip and added to what the sender pays, in one write conditioned on the booking's version (the same refusals as proveDelivery); the sender is told. The driver then takes the parcel back and marks the return done (returnDelivery) before the trip is settled`,
  params: BookingIdParams,
  body: z.strictObject({ reason: z.enum(DELIVERY_FAILURE_REASONS) }),
  response: BookingView,
});

export const returnDelivery = route({
  method: 'POST', path: '/bookings/{id}/delivery/return', operationId: 'returnDelivery', area: 'trips', auth: ['driver'],
  summary: 'The parcel\'s driver marks the return of a failed delivery done, back at the pickup: a tracking point where the parcel was handed back, in one write conditioned on the booking\'s version. No failed delivery 409 delivery_no_return; done already 409 delivery_already_returned; anyone but the booking\'s driver 404. Then the trip is settled as any other',
  params: BookingIdParams,
  body: z.strictObject({}),
  response: BookingView,
});

import * as z from './zod';
import { TIP_ABSOLUTE_MAX } from '../domain/tips';
import { BookingIdParams, BookingView } from './booking-view';
import { moneyInput } from './common';
import { route } from './route';

/**
 * Tips (domain/tips): after the trip its rider adds one tip, all of it the driver's. From the
 * wallet here, in one transaction; by card through a checkout of kind `tip` (payments.ts), whose
 * verified confirmation credits the driver.
 */

/** Above 0, two decimals at most, never above the largest tip any trip takes; the trip's own limit is the use case's. */
export const TipAmount = moneyInput({ key: 'tip_amount_invalid', positive: true, maxMinor: TIP_ABSOLUTE_MAX });

export const addTip = route({
  method: 'POST', path: '/bookings/{id}/tip', operationId: 'addTip', area: 'trips', auth: ['rider'],
  summary: 'The rider tips the driver of their own paid or completed trip from their wallet: the rider debited and the driver credited the whole tip through the ledger, with the booking\'s tip and the driver\'s earnings, in one transaction; the fare, fee and platform earnings never change. One tip per booking (409 tip_already_added); 409 tip_not_ready before the trip is paid, tip_window_closed 30 days after it, insufficient_balance when the wallet does not cover it, account_closed when the driver\'s account was deleted; 400 tip_amount_invalid, or tip_too_large above the larger of 50.00 and twice the trip\'s price. Idempotent (Idempotency-Key header): the same request again answers the first answer; the key with another request is 422 idempotency_key_reused',
  params: BookingIdParams, idempotent: true,
  body: z.strictObject({ amount: TipAmount }),
  response: BookingView,
});

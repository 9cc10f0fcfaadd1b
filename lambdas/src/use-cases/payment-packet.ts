import type { BookingRecord, PaymentPacket } from '../ports/bookings';

/**
 * Spec §3 Payment packet, card mode: the one place a packet is built, so every path that saves
 * one (Pay now, a prepaid delivery's confirmation, a promo applied after Pay now) carries the
 * booking's promo as it stands: `promo_applied` and `promo_details` with the discount it gave.
 * `amount` is what the card pays (minor units); by default the trip cost minus the discount.
 */
export function cardPaymentPacket(booking: BookingRecord, appcat: string, amount = Math.max(0, booking.trip_cost - (booking.discount ?? 0))): PaymentPacket {
  return {
    appcat, payment_mode: 'card',
    customer_paid: amount, cardPaymentAmount: amount, discount_amount: booking.discount ?? 0,
    usedWalletMoney: 0, cashPaymentAmount: 0, payableAmount: amount,
    promo_applied: booking.promo_applied === true,
    ...(booking.promo_applied && booking.promo_details ? { promo_details: booking.promo_details } : {}),
  };
}

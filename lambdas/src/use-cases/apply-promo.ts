import type { BookingView } from '../../../shared/src/contract/bookings';
import { isBookingPaid } from '../../../shared/src/domain/booking-payment';
import { assertCriticalEditsAllowed } from '../../../shared/src/domain/demo-mode';
import { conflict, DomainError, notFound } from '../../../shared/src/domain/errors';
import { toMinor } from '../../../shared/src/domain/money';
import { promoDiscount } from '../../../shared/src/domain/promo-rules';
import { operatorZone, zonedPeriods } from '../../../shared/src/domain/time-zone';
import type { BookingRecord } from '../ports/bookings';
import type { PromoStore } from '../ports/catalog';
import type { TripStore } from '../ports/trips';
import type { Account } from './admit-caller';
import { cardPaymentPacket } from './payment-packet';
import { present } from './trip-step';

/** Before paying: the fare is final here (taxi mode re-prices at REACHED; a prepaid booking is priced at booking). */
const PROMO_STATUSES = new Set(['PAYMENT_PENDING', 'REACHED', 'PENDING']);

/**
 * A rider applies a promo code to their own booking (spec §3 Promo). The server computes the
 * discount; the booking, the promo's `user_avail` (never beyond its limit) and a per-booking use
 * claim are written in one transaction, so 20 riders racing for the last use never overshoot it
 * and a retried click counts once.
 */
export async function applyPromo(
  deps: { promos: PromoStore; trips: TripStore; now: () => Date },
  account: Account,
  booking: BookingRecord | undefined,
  input: { code: string },
): Promise<BookingView> {
  const me = account.profile;
  if (!booking || booking.customer !== me.id) throw notFound();
  assertCriticalEditsAllowed(account.settings);
  // What a rider owes is settled once the money is in (a prepaid delivery at REACHED included).
  if (isBookingPaid(booking)) throw conflict('booking_already_paid', 'A promo cannot change what a paid booking cost');
  if (!PROMO_STATUSES.has(booking.status)) throw conflict('conflict', `A promo applies before paying, not to a ${booking.status} booking`);
  if (booking.promo_applied) throw conflict('promo_already_applied');
  const promoId = await deps.promos.nameOwner(input.code);
  const promo = promoId ? await deps.promos.get(promoId) : undefined;
  if (!promo) throw new DomainError('promo_invalid', 404, undefined, [{ path: 'code', message: 'promo_invalid' }]);
  const now = deps.now().getTime();
  // A promo's last day is the operator's calendar day, not UTC's (which ends at 4 pm in San Francisco).
  const result = promoDiscount(promo, booking.trip_cost, zonedPeriods(now, operatorZone(account.settings)).day);
  if (!result.ok) throw new DomainError(result.key, result.key === 'promo_exhausted' ? 409 : 400, undefined, [{ path: 'code', message: result.key }]);
  const discounted: BookingRecord = {
    ...booking,
    discount: result.discount,
    promo_applied: true,
    promo_details: {
      id: promo.id, promo_name: promo.promo_name, promo_discount_type: promo.promo_discount_type,
      promo_discount_value: promo.promo_discount_type === 'flat' ? toMinor(promo.promo_discount_value) : promo.promo_discount_value,
      discount: result.discount,
    },
  };
  const next: BookingRecord = {
    ...discounted,
    // A Pay now packet already saved follows the new amount and names the promo.
    ...(booking.paymentPacket ? { paymentPacket: cardPaymentPacket(discounted, booking.paymentPacket.appcat) } : {}),
    version: booking.version + 1,
  };
  return present(account, await deps.trips.apply({
    current: booking, next, at: now, messages: [],
    promoUse: { promoId: promo.id, limit: promo.promo_usage_limit },
  }));
}

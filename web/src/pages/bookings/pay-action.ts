import type { Role } from '../../../../shared/src/contract/route';
import { isBookingPaid, paymentActions, type PayableBooking } from '../../../../shared/src/domain/booking-payment';

/**
 * The bookings table's "Pay now" row action: enabled only where the payment rule lets the rider
 * pay (Pay now after the trip, or the prepayment a delivery waits for), else disabled with the
 * reason. A prepaid or paid booking says so rather than offering a second payment.
 */
export function payActionState(b: PayableBooking | undefined, viewer: { role: Role | undefined; criticalEdits: boolean }): { enabled: boolean; reasonKey?: 'demo_mode' | 'pay_not_due' | 'booking_already_paid' } {
  if (!b) return { enabled: viewer.criticalEdits, ...(viewer.criticalEdits ? {} : { reasonKey: 'demo_mode' as const }) };
  if (isBookingPaid(b)) return { enabled: false, reasonKey: 'booking_already_paid' };
  const offer = paymentActions(b, { role: viewer.role, criticalEdits: true });
  if (!offer.card && !offer.ahead) return { enabled: false, reasonKey: 'pay_not_due' };
  return viewer.criticalEdits ? { enabled: true } : { enabled: false, reasonKey: 'demo_mode' };
}

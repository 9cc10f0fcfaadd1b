import type { Role } from '../contract/route';
import type { BookingStatus } from './booking-status';
import { proofOutstanding } from './delivery-proof';

/**
 * The ways a rider's money can meet a booking: the rider's wallet, Pay now (the card packet),
 * a provider checkout and its confirmation, and the driver's settlement at the drop (cash taken,
 * or the payment left to the rider).
 */
export type PaymentPath = 'wallet' | 'card' | 'checkout' | 'provider' | 'cash' | 'later';

/** What the rule reads of a booking. */
export interface PayableBooking {
  status: BookingStatus;
  prepaid?: boolean;
  /** A parcel's proof of delivery (domain/delivery-proof): its drop is not paid before it. */
  deliveryCode?: string;
  deliveryCodeRequired?: boolean;
  deliveryProof?: { outcome: string; returnedAt?: number };
}

/**
 * A booking is paid for once its rider's money is in: prepaid by card before dispatch (delivery
 * mode), or settled (PAID, and COMPLETE after it). A paid booking is never charged again, by any
 * path, whatever its status shows.
 */
export function isBookingPaid(b: PayableBooking): boolean {
  return b.prepaid === true || b.status === 'PAID' || b.status === 'COMPLETE';
}

/** Where each path may take money from an unpaid booking (spec §4). */
const DUE: Readonly<Record<PaymentPath, readonly BookingStatus[]>> = {
  // At the drop or afterwards, when the driver left the payment to the rider.
  wallet: ['REACHED', 'PENDING'],
  // Pay now saves the card packet of a trip the driver left to the rider.
  card: ['PENDING'],
  // A provider's form, and its confirmation: before dispatch (delivery mode) or after Pay now.
  checkout: ['PAYMENT_PENDING', 'PENDING'],
  provider: ['PAYMENT_PENDING', 'PENDING'],
  cash: ['REACHED'],
  later: ['REACHED'],
};

/**
 * The one payment rule: why `path` may not take a rider's money for this booking now, or
 * undefined when it may. `booking_already_paid` for a paid booking on every path; `not_payable`
 * when the booking is not waiting for money that way. The server refuses with the key and writes
 * nothing; the web offers only what this allows.
 */
export function paymentRefusal(b: PayableBooking, path: PaymentPath): 'booking_already_paid' | 'not_payable' | undefined {
  if (isBookingPaid(b)) return 'booking_already_paid';
  return DUE[path].includes(b.status) ? undefined : 'not_payable';
}

/** The payment buttons a screen may show for a booking. */
export interface PaymentActions {
  /** Pay from the wallet (the trip view). */
  wallet: boolean;
  /** Pay now by card after the trip (trip view, bookings table): saves the card packet first. */
  card: boolean;
  /** Pay before dispatch through a provider (a delivery booking waiting for its prepayment). */
  ahead: boolean;
}

/**
 * What the rider's screens offer (the trip view, the bookings table, the booking's dialogs): only
 * the rider, only with critical edits allowed (§5 demo mode), and only what `paymentRefusal`
 * allows, so a prepaid or paid booking never shows a payment button; nor does a parcel's drop
 * before its proof of delivery, which the server would refuse (delivery_proof_required).
 */
export function paymentActions(b: PayableBooking, viewer: { role: Role | undefined; criticalEdits: boolean }): PaymentActions {
  if (viewer.role !== 'rider' || !viewer.criticalEdits) return { wallet: false, card: false, ahead: false };
  return {
    wallet: paymentRefusal(b, 'wallet') === undefined && !(b.status === 'REACHED' && proofOutstanding(b)),
    card: paymentRefusal(b, 'card') === undefined,
    ahead: b.status === 'PAYMENT_PENDING' && paymentRefusal(b, 'checkout') === undefined,
  };
}

import type { WalletMovement } from './wallet-ledger';

export type PaymentMode = 'cash' | 'wallet' | 'card';

/** The booking fields a settlement reads; money in minor units. */
export interface SettledTrip {
  id: string;
  driver: string;
  customer: string;
  trip_cost: number;
  driver_share: number;
  discount?: number;
  /**
   * Part of `trip_cost` a prepaid booking's card did not cover: the return leg of a failed
   * delivery (domain/delivery-proof), priced after the card was charged. Taken from the sender's
   * wallet when the booking is settled by card.
   */
  owedAfterPrepay?: number;
}

/**
 * Spec §4 PAID: the driver's wallet gets the driver share (Credit) and loses any cash taken
 * (Debit), and a wallet payment debits the rider. Every txRef is derived from the booking, so
 * a second delivery of the same PAID step is the same movements (and changes nothing).
 */
export function settlementMovements(trip: SettledTrip, mode: PaymentMode): { movements: WalletMovement[]; customerPaid: number; cashPaymentAmount: number; usedWalletMoney: number; cardPaymentAmount: number } {
  const customerPaid = Math.max(0, trip.trip_cost - (trip.discount ?? 0));
  const owed = mode === 'card' ? Math.min(customerPaid, trip.owedAfterPrepay ?? 0) : 0;
  const movements: WalletMovement[] = [];
  if (mode === 'wallet' && customerPaid > 0) {
    movements.push({ uid: trip.customer, type: 'Debit', amount: customerPaid, reason: 'TripPayment', txRef: `booking:${trip.id}:payment`, bookingId: trip.id });
  }
  if (owed > 0) {
    movements.push({ uid: trip.customer, type: 'Debit', amount: owed, reason: 'ReturnLeg', txRef: `booking:${trip.id}:return`, bookingId: trip.id });
  }
  if (trip.driver_share > 0) {
    movements.push({ uid: trip.driver, type: 'Credit', amount: trip.driver_share, reason: 'TripShare', txRef: `booking:${trip.id}:share`, bookingId: trip.id });
  }
  if (mode === 'cash' && customerPaid > 0) {
    movements.push({ uid: trip.driver, type: 'Debit', amount: customerPaid, reason: 'CashCollected', txRef: `booking:${trip.id}:cash`, bookingId: trip.id });
  }
  return {
    movements,
    customerPaid,
    cashPaymentAmount: mode === 'cash' ? customerPaid : 0,
    usedWalletMoney: mode === 'wallet' ? customerPaid : owed,
    cardPaymentAmount: mode === 'card' ? customerPaid - owed : 0,
  };
}

/**
 * A prepaid booking that will not happen (cancelled before the trip) gives the rider their money
 * back as wallet credit, once: the txRef derives from the booking.
 */
export function refundMovements(b: { id: string; customer: string; prepaid?: boolean; customer_paid?: number }): WalletMovement[] {
  if (!b.prepaid || !b.customer_paid || b.customer_paid <= 0) return [];
  return [{ uid: b.customer, type: 'Credit', amount: b.customer_paid, reason: 'Refund', txRef: `booking:${b.id}:refund`, bookingId: b.id }];
}

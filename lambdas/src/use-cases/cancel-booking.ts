import type { BookingView } from '../../../shared/src/contract/bookings';
import { assertTransition, CANCELLABLE_STATUSES } from '../../../shared/src/domain/booking-status';
import { cancellationFee, minutesBetween } from '../../../shared/src/domain/cancellation-fee';
import { refundMovements } from '../../../shared/src/domain/trip-settlement';
import type { WalletMovement } from '../../../shared/src/domain/wallet-ledger';
import { assertCriticalEditsAllowed } from '../../../shared/src/domain/demo-mode';
import { conflict, DomainError, notFound } from '../../../shared/src/domain/errors';
import { money, renderNotification, SYSTEM_REASONS, term } from '../../../shared/src/i18n/notifications';
import type { BookingRecord, BookingStore } from '../ports/bookings';
import type { OutgoingMessage } from '../ports/notifier';
import type { TripStore } from '../ports/trips';
import type { Account } from './admit-caller';
import { maySeeBooking } from '../../../shared/src/domain/booking-access';
import { presentBooking } from './present-booking';
import { advance, runStep, tell } from './trip-step';

/**
 * Spec §4 Cancel: in NEW, ACCEPTED or PAYMENT_PENDING (and ARRIVED from the rider's trip view);
 * a rider only their own booking and only with critical edits allowed (§5 demo mode); reason and
 * cancelledBy stored; PAYMENT_PENDING takes the fixed incomplete-booking reason. One transaction
 * also revokes every live offer and writes the messages. With a driver assigned, the same
 * transaction frees the driver, tells both parties and, when the rider cancels, moves the car
 * type's slab fee for the minutes since acceptance from the rider's wallet to the driver's.
 * A repeat of a cancel that happened answers the cancelled booking (`runStep`).
 */
export async function cancelBooking(
  deps: { bookings: BookingStore; trips: TripStore; now: () => Date },
  account: Account,
  loaded: BookingRecord | undefined,
  input: { reason?: string },
): Promise<BookingView> {
  return runStep(deps, account, loaded, {
    name: 'cancel',
    answer: (b) => presentBooking(b, { role: account.profile.usertype, criticalEdits: account.settings.AllowCriticalEditsAdmin }),
    write: (booking) => cancel(deps, account, booking, input),
  });
}

async function cancel(
  deps: { bookings: BookingStore; trips: TripStore; now: () => Date },
  account: Account,
  booking: BookingRecord | undefined,
  input: { reason?: string },
): Promise<BookingRecord> {
  const me = account.profile;
  if (!booking || !maySeeBooking(booking, { uid: me.id, role: me.usertype })) throw notFound();
  if (me.usertype === 'rider') assertCriticalEditsAllowed(account.settings);
  const assigned = (booking.status === 'ACCEPTED' || booking.status === 'ARRIVED') && booking.driver !== undefined;
  if (!CANCELLABLE_STATUSES.has(booking.status) && !(assigned && me.usertype === 'rider')) throw conflict('booking_moved_on', `A ${booking.status} booking cannot be cancelled`);
  assertTransition(booking.status, 'CANCELLED', me.usertype);
  const reason = booking.status === 'PAYMENT_PENDING' ? SYSTEM_REASONS.incomplete_booking : input.reason;
  if (!reason) throw new DomainError('select_proper', 400, undefined, [{ path: 'reason', message: 'select_proper' }]);

  const cancelledBy = me.usertype === 'admin' ? 'admin' : 'rider';
  const messages: OutgoingMessage[] = Object.keys(booking.requestedDrivers ?? {}).map((d) => ({
    to: d, kind: 'offer_withdrawn', ...renderNotification('offer_withdrawn', { id: booking.id }), bookingId: booking.id,
  }));
  if (cancelledBy === 'admin') {
    messages.push({ to: booking.customer, kind: 'booking_cancelled', ...renderNotification('booking_cancelled', { id: booking.id, reason }), bookingId: booking.id });
  }
  if (assigned) return cancelAssigned(deps, account, booking, reason, cancelledBy);
  return deps.bookings.cancel(booking, { reason, cancelledBy, at: deps.now().getTime(), messages, movements: refundMovements(booking) });
}

/**
 * The fee is what the rider's wallet covers of the slab amount (a wallet is never taken below
 * zero); what it does not cover is not charged here. It is credited to the driver in full.
 */
async function cancelAssigned(
  deps: { trips: TripStore; now: () => Date },
  account: Account,
  booking: BookingRecord,
  reason: string,
  cancelledBy: 'rider' | 'admin',
): Promise<BookingRecord> {
  const now = deps.now().getTime();
  const driver = booking.driver!;
  const slabFee = cancelledBy === 'rider' ? cancellationFee(booking.cancelSlab, minutesBetween(booking.acceptTime ?? now, now)) : 0;
  // A prepaid trip's money comes back first, so the fee can be taken from it.
  const refund = refundMovements(booking);
  const refunded = refund.reduce((sum, m) => sum + m.amount, 0);
  const riderBalance = cancelledBy === 'rider' ? account.profile.walletBalance : 0;
  const fee = Math.min(slabFee, Math.max(0, riderBalance + refunded));
  const movements: WalletMovement[] = [
    ...refund,
    ...(fee > 0
      ? [
          { uid: booking.customer, type: 'Debit', amount: fee, reason: 'CancellationFee', txRef: `booking:${booking.id}:cancel-fee`, bookingId: booking.id },
          { uid: driver, type: 'Credit', amount: fee, reason: 'CancellationFee', txRef: `booking:${booking.id}:cancel-fee`, bookingId: booking.id },
        ] satisfies WalletMovement[]
      : []),
  ];
  const next = advance(booking, 'CANCELLED', {
    reason, cancelledBy, cancelledAt: now, requestedDrivers: {}, ...(fee > 0 ? { cancellation_fee: fee } : {}),
  });
  const feeText = fee > 0 ? term('cancel_fee', { amount: money(fee, account.settings.symbol ?? '') }) : '';
  return deps.trips.apply({
    current: booking, next, at: now,
    driver: { uid: driver, queue: false },
    driverState: { uid: driver, activeBooking: null },
    movements,
    messages: [
      tell(driver, 'trip_cancelled', booking, { reason, fee: feeText, by: term(`party_${cancelledBy}`) }),
      ...(cancelledBy === 'admin' ? [tell(booking.customer, 'booking_cancelled', booking, { reason })] : []),
    ],
  });
}

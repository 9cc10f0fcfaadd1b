import type { BookingView } from '../../../shared/src/contract/bookings';
import { formatMoney } from '../../../shared/src/domain/money';
import type { BookingRecord } from '../ports/bookings';
import type { TripStore } from '../ports/trips';
import type { Account } from './admit-caller';
import { applyPaid, type ApplyPaidDeps } from './apply-paid';
import { paidChange } from './mark-paid';
import { advance, checkStep, present, tell } from './trip-step';

/**
 * The driver at the drop (REACHED). A prepaid booking, or cash the driver confirms taking, is
 * PAID now; `later` leaves the payment to the rider (PENDING: Pay now by card or wallet) and
 * frees the driver for the next trip (spec §4 PENDING). A PAID booking asked to settle again
 * answers as it is, so a driver's double tap is harmless.
 */
export async function settleBooking(
  deps: ApplyPaidDeps & { trips: TripStore; now: () => Date },
  account: Account,
  loaded: BookingRecord | undefined,
  input: { method: 'cash' | 'later' },
): Promise<BookingView> {
  if (loaded && loaded.driver === account.profile.id && loaded.status === 'PAID' && input.method === 'cash') return present(account, loaded);
  const paid = loaded?.prepaid || input.method === 'cash';
  const booking = checkStep(account, loaded, paid ? 'PAID' : 'PENDING');
  const now = deps.now().getTime();
  if (paid) {
    // A prepaid booking was paid by card before the trip: nothing changes hands at the drop.
    return present(account, await applyPaid(deps, paidChange(booking, booking.prepaid ? 'card' : 'cash', now, account.settings), account.settings, [account.profile]));
  }
  const next = advance(booking, 'PENDING');
  return present(account, await deps.trips.apply({
    current: booking, next, at: now,
    driver: { uid: account.profile.id, queue: false },
    messages: [tell(booking.customer, 'payment_due', next, { fare: formatMoney(booking.trip_cost, account.settings.symbol ?? '') })],
  }));
}

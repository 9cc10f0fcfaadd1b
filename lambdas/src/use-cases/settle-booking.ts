import { money } from '../../../shared/src/i18n/notifications';
import type { BookingView } from '../../../shared/src/contract/bookings';
import type { BookingRecord, BookingStore } from '../ports/bookings';
import type { TripStore } from '../ports/trips';
import type { Account } from './admit-caller';
import { applyPaid, type ApplyPaidDeps } from './apply-paid';
import { paidChange } from './mark-paid';
import { advance, checkPayment, checkStep, present, runStep, tell } from './trip-step';

/**
 * The driver at the drop (REACHED). Cash the driver confirms taking makes it PAID now; `later`
 * leaves the payment to the rider (PENDING: Pay now by card or wallet) and frees the driver for
 * the next trip (spec §4 PENDING). A prepaid booking was paid by card before the trip: the
 * driver's confirmation of the drop makes it PAID and takes no money (asking the rider to pay it
 * later is refused, `booking_already_paid`). A repeat of the same settlement answers as the first.
 */
export async function settleBooking(
  deps: ApplyPaidDeps & { bookings: BookingStore; trips: TripStore; now: () => Date },
  account: Account,
  loaded: BookingRecord | undefined,
  input: { method: 'cash' | 'later' },
): Promise<BookingView> {
  return runStep(deps, account, loaded, {
    name: input.method === 'cash' ? 'settle-cash' : 'settle-later',
    answer: (b) => present(account, b),
    write: async (current) => {
      const now = deps.now().getTime();
      if (current?.prepaid && current.status === 'REACHED' && input.method === 'cash') {
        // The drop of a prepaid trip: nothing changes hands, the card payment stands. Anything
        // else asked of a prepaid booking would be a second payment: refused below.
        const booking = checkStep(account, current, 'PAID');
        return applyPaid(deps, paidChange(booking, 'card', now, account.settings), account.settings, [account.profile]);
      }
      if (input.method === 'cash') {
        const booking = checkPayment(account, current, 'cash', 'PAID');
        return applyPaid(deps, paidChange(booking, 'cash', now, account.settings), account.settings, [account.profile]);
      }
      const booking = checkPayment(account, current, 'later', 'PENDING');
      const next = advance(booking, 'PENDING');
      return deps.trips.apply({
        current: booking, next, at: now,
        driver: { uid: account.profile.id, queue: false },
        messages: [tell(booking.customer, 'payment_due', next, { fare: money(booking.trip_cost, account.settings.symbol ?? '') })],
      });
    },
  });
}

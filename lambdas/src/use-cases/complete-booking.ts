import type { BookingView } from '../../../shared/src/contract/bookings';
import { DomainError } from '../../../shared/src/domain/errors';
import { addRating } from '../../../shared/src/domain/ratings';
import type { BookingRecord, BookingStore } from '../ports/bookings';
import type { TripStore } from '../ports/trips';
import type { UserStore } from '../ports/users';
import type { Account } from './admit-caller';
import { advance, checkStep, present, runStep, tell } from './trip-step';

/**
 * Spec §4 COMPLETE: the rider closes a PAID trip, optionally rating it 1 to 5. A rating is
 * appended to the driver's details and their average recomputed to one decimal (§9), written
 * only if nobody rated the driver in between (a concurrent rating makes us read again).
 */
export async function completeBooking(
  deps: { bookings: BookingStore; trips: TripStore; users: UserStore; now: () => Date },
  account: Account,
  loaded: BookingRecord | undefined,
  input: { rating?: number },
): Promise<BookingView> {
  return runStep(deps, account, loaded, {
    name: 'complete',
    answer: (b) => present(account, b),
    write: (current) => complete(deps, checkStep(account, current, 'COMPLETE'), account, input),
  });
}

async function complete(deps: { trips: TripStore; users: UserStore; now: () => Date }, booking: BookingRecord, account: Account, input: { rating?: number }): Promise<BookingRecord> {
  for (let attempt = 1; ; attempt++) {
    const now = deps.now().getTime();
    const next = advance(booking, 'COMPLETE', input.rating !== undefined ? { rating: input.rating } : {});
    if (input.rating === undefined || !booking.driver) {
      return deps.trips.apply({ current: booking, next, at: now, messages: [] });
    }
    const driver = await deps.users.get(booking.driver);
    const previous = driver?.ratings;
    const ratings = addRating(previous, { user: account.profile.id, rate: input.rating });
    try {
      return await deps.trips.apply({
        current: booking, next, at: now,
        ...(driver ? { driver: { uid: driver.id, ratings: { ...ratings, previous } } } : {}),
        messages: [tell(booking.driver, 'trip_rated', booking, { rating: input.rating })],
      });
    } catch (e) {
      // Another rider rated this driver at the same moment: recompute from the fresh list.
      if (!(e instanceof DomainError) || e.code !== 'driver_unavailable' || attempt >= 4) throw e;
    }
  }
}

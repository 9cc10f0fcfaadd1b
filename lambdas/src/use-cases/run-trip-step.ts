import { DomainError } from '../../../shared/src/domain/errors';
import type { BookingRecord, BookingStore } from '../ports/bookings';
import type { TripChange, TripStore } from '../ports/trips';

/** A step that lost to another caller's write is rebuilt on the fresh booking at most this often. */
const STEP_ATTEMPTS = 3;

export interface StepRunnerDeps {
  bookings: Pick<BookingStore, 'get'>;
  trips: TripStore;
}

/**
 * Where a trip step meets another caller's write. `build` checks the step's rules on the booking
 * as read and makes its change; when the write loses because the booking moved meanwhile (a
 * driver's accept, a dispatch round, an assignment, another step), the booking is read again and
 * `build` runs on it. So the step is applied whenever the rules still allow it on the booking as
 * it is now (a rider's cancel that lost to an accept cancels the ACCEPTED booking), and otherwise
 * answers what the rules say about it now (a driver who lost an accept hears the booking was
 * taken), never a bare "conflict" for a race the caller could not see.
 */
export async function runTripStep(
  deps: StepRunnerDeps,
  loaded: BookingRecord | undefined,
  build: (booking: BookingRecord | undefined) => TripChange | Promise<TripChange>,
): Promise<BookingRecord> {
  let booking = loaded;
  for (let attempt = 1; ; attempt++) {
    const change = await build(booking);
    try {
      return await deps.trips.apply(change);
    } catch (e) {
      if (!(e instanceof DomainError) || e.status !== 409 || attempt >= STEP_ATTEMPTS) throw e;
      const fresh = await deps.bookings.get(change.current.id, { consistent: true });
      // Another condition (an offer, a wallet, a driver) failing on a booking nobody moved is the answer itself;
      // failing beside a booking that moved, it was the other caller's write (a winner revokes the losers' offers).
      const moved = fresh?.version !== change.current.version || fresh?.status !== change.current.status;
      if (e.code !== 'conflict' && !moved) throw e;
      booking = fresh;
    }
  }
}

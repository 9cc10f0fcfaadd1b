import { randomUUID } from 'node:crypto';
import type { BookingView } from '../../../shared/src/contract/bookings';
import { conflict, DomainError, notFound } from '../../../shared/src/domain/errors';
import { stopPressRefusal } from '../../../shared/src/domain/stops';
import type { BookingRecord, BookingStore } from '../ports/bookings';
import type { DriverStateRecord } from '../ports/presence';
import type { TripStore } from '../ports/trips';
import type { Account } from './admit-caller';
import { pointAt, present } from './trip-step';

export interface ReachStopDeps {
  bookings: Pick<BookingStore, 'get'>;
  trips: Pick<TripStore, 'apply'>;
  now: () => Date;
}

/** A press that lost a race is judged again on a fresh read this often. */
const ATTEMPTS = 4;

/**
 * The booking's driver marks stop `index` reached (domain/stops): only their own trip (404 for
 * anyone else, like every id a caller has no part in), only the next stop and only while STARTED.
 * One transaction, conditioned on the booking's version: `stopsReached` moves on and a tracking
 * point marks where the stop was made (it counts towards the driven distance). A press that lost
 * to another write is judged again on the booking as it now is, so of two simultaneous presses of
 * one stop the second answers 409 stop_already_reached.
 */
export async function reachStop(deps: ReachStopDeps, account: Account, loaded: BookingRecord | undefined, state: DriverStateRecord | undefined, index: number): Promise<BookingView> {
  const me = account.profile;
  let booking = loaded;
  let fresh = false;
  for (let attempt = 1; ; attempt++) {
    if (!booking || me.usertype !== 'driver' || booking.driver !== me.id) throw notFound();
    const refusal = stopPressRefusal(booking, index);
    if (refusal && !fresh) {
      // The admission's read may be a moment old: a refusal is only said on the booking as it is.
      booking = await deps.bookings.get(booking.id, { consistent: true });
      fresh = true;
      continue;
    }
    if (refusal) throw conflict(refusal, `Stop ${index + 1} cannot be marked reached now (${refusal})`);
    const at = deps.now().getTime();
    const stop = booking.stops![index]!;
    const next: BookingRecord = {
      ...booking,
      stopsReached: index + 1,
      stopsReachedAt: [...(booking.stopsReachedAt ?? []), at],
      version: booking.version + 1,
    };
    try {
      const written = await deps.trips.apply({
        current: booking, next, at,
        tracking: pointAt(booking, 'STARTED', at, state, stop, randomUUID()),
        messages: [],
      });
      return present(account, written);
    } catch (e) {
      if (!(e instanceof DomainError) || e.status !== 409 || attempt >= ATTEMPTS) throw e;
      booking = await deps.bookings.get(booking.id, { consistent: true });
      fresh = true;
    }
  }
}

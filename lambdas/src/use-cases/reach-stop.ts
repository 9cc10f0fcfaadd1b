import { randomUUID } from 'node:crypto';
import type { BookingView } from '../../../shared/src/contract/bookings';
import { stopPressRefusal } from '../../../shared/src/domain/stops';
import type { BookingRecord, BookingStore } from '../ports/bookings';
import type { DriverStateRecord } from '../ports/presence';
import type { TripStore } from '../ports/trips';
import type { Account } from './admit-caller';
import { pressDriverStep } from './press-driver-step';
import { pointAt, present, tell } from './trip-step';

export interface ReachStopDeps {
  bookings: Pick<BookingStore, 'get'>;
  trips: Pick<TripStore, 'apply'>;
  now: () => Date;
}

/**
 * The booking's driver marks stop `index` reached (domain/stops): only their own trip, only the
 * next stop and only while STARTED. One transaction, conditioned on the booking's version:
 * `stopsReached` moves on and a tracking point marks where the stop was made (it counts towards
 * the driven distance), and the rider is told (inbox and push) where the trip goes next. Of two
 * simultaneous presses of one stop the second answers 409 stop_already_reached (`pressDriverStep`).
 */
export async function reachStop(deps: ReachStopDeps, account: Account, loaded: BookingRecord | undefined, state: DriverStateRecord | undefined, index: number): Promise<BookingView> {
  const written = await pressDriverStep(deps, account, loaded, {
    refusal: (booking) => {
      const code = stopPressRefusal(booking, index);
      return code ? { code, message: `Stop ${index + 1} cannot be marked reached now (${code})` } : undefined;
    },
    write: (booking) => {
      const at = deps.now().getTime();
      const stop = booking.stops![index]!;
      const next: BookingRecord = {
        ...booking,
        stopsReached: index + 1,
        stopsReachedAt: [...(booking.stopsReachedAt ?? []), at],
        version: booking.version + 1,
      };
      const stops = booking.stops!;
      const ahead = stops[index + 1]?.add ?? booking.dropAddress;
      const heard = tell(booking.customer, 'stop_reached', next, { stop: index + 1, stops: stops.length, address: stop.add, next: ahead });
      return deps.trips.apply({ current: booking, next, at, tracking: pointAt(booking, 'STARTED', at, state, stop, randomUUID()), messages: [heard] });
    },
  });
  return present(account, written);
}

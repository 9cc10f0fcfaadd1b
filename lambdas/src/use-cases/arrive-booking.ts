import { randomUUID } from 'node:crypto';
import type { BookingView } from '../../../shared/src/contract/bookings';
import type { BookingRecord, BookingStore } from '../ports/bookings';
import type { DriverStateRecord } from '../ports/presence';
import type { TripStore } from '../ports/trips';
import type { Account } from './admit-caller';
import { runTripStep } from './run-trip-step';
import { advance, checkStep, pointAt, present, tell } from './trip-step';

/** Spec §4 ARRIVED: the arrival time, a tracking point at the door, the customer told the driver is near. */
export async function arriveBooking(
  deps: { bookings: BookingStore; trips: TripStore; now: () => Date },
  account: Account,
  loaded: BookingRecord | undefined,
  state: DriverStateRecord | undefined,
): Promise<BookingView> {
  return present(account, await runTripStep(deps, loaded, (fresh) => {
    const booking = checkStep(account, fresh, 'ARRIVED');
    const now = deps.now().getTime();
    const next = advance(booking, 'ARRIVED', { driver_arrive_time: now });
    return {
      current: booking, next, at: now,
      driverState: { uid: account.profile.id, activeBooking: { id: booking.id, status: 'ARRIVED' } },
      tracking: pointAt(booking, 'ARRIVED', now, state, booking.pickup, randomUUID()),
      messages: [tell(booking.customer, 'driver_arrived', booking)],
    };
  }));
}

import { randomUUID } from 'node:crypto';
import type { BookingView } from '../../../shared/src/contract/bookings';
import { DomainError } from '../../../shared/src/domain/errors';
import type { BookingRecord, BookingStore } from '../ports/bookings';
import type { DriverStateRecord } from '../ports/presence';
import type { TripStore } from '../ports/trips';
import type { Account } from './admit-caller';
import { runTripStep } from './run-trip-step';
import { advance, checkStep, pointAt, present, tell } from './trip-step';

/**
 * Spec §4 STARTED: the start time and a tracking point. With otp_secure the rider reads their
 * 5-digit code to the driver, who types it: a wrong or missing code starts nothing.
 */
export async function startTrip(
  deps: { bookings: BookingStore; trips: TripStore; now: () => Date },
  account: Account,
  loaded: BookingRecord | undefined,
  state: DriverStateRecord | undefined,
  input: { otp?: string },
): Promise<BookingView> {
  return present(account, await runTripStep(deps, loaded, (fresh) => {
    const booking = checkStep(account, fresh, 'STARTED');
    if (account.settings.otp_secure && booking.otp !== undefined && input.otp !== String(booking.otp)) {
      throw new DomainError('trip_code_mismatch', 400, undefined, [{ path: 'otp', message: 'trip_code_mismatch' }]);
    }
    const now = deps.now().getTime();
    const next = advance(booking, 'STARTED', { trip_start_time: now });
    return {
      current: booking, next, at: now,
      driverState: { uid: account.profile.id, activeBooking: { id: booking.id, status: 'STARTED' } },
      tracking: pointAt(booking, 'STARTED', now, state, booking.pickup, randomUUID()),
      messages: [tell(booking.customer, 'trip_started', booking)],
    };
  }));
}

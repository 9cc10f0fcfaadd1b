import { randomUUID } from 'node:crypto';
import type { BookingView } from '../../../shared/src/contract/bookings';
import { DomainError } from '../../../shared/src/domain/errors';
import type { AttemptCounter } from '../ports/attempts';
import type { BookingRecord, BookingStore } from '../ports/bookings';
import type { DriverStateRecord } from '../ports/presence';
import type { TripStore } from '../ports/trips';
import type { Account } from './admit-caller';
import { attemptLimits } from './limit-attempts';
import { advance, checkStep, pointAt, present, runStep, tell } from './trip-step';

/**
 * Spec §4 STARTED: the start time and a tracking point. With otp_secure the rider reads their
 * 5-digit code to the driver, who types it: a wrong or missing code starts nothing, and after a
 * few wrong codes the booking's code is locked for a while (429 trip_code_locked), right or not.
 */
export async function startTrip(
  deps: { bookings: BookingStore; trips: TripStore; attempts: AttemptCounter; now: () => Date },
  account: Account,
  loaded: BookingRecord | undefined,
  state: DriverStateRecord | undefined,
  input: { otp?: string },
): Promise<BookingView> {
  return runStep(deps, account, loaded, {
    name: 'start',
    answer: (b) => present(account, b),
    write: async (current) => {
      const booking = checkStep(account, current, 'STARTED');
      if (account.settings.otp_secure && booking.otp !== undefined) {
        await attemptLimits.assertOpen(deps, 'tripCode', booking.id, 'trip_code_locked');
        if (input.otp !== String(booking.otp)) {
          await attemptLimits.fail(deps, 'tripCode', booking.id);
          throw new DomainError('trip_code_mismatch', 400, undefined, [{ path: 'otp', message: 'trip_code_mismatch' }]);
        }
      }
      const now = deps.now().getTime();
      const next = advance(booking, 'STARTED', { trip_start_time: now });
      return deps.trips.apply({
        current: booking, next, at: now,
        driverState: { uid: account.profile.id, activeBooking: { id: booking.id, status: 'STARTED' } },
        tracking: pointAt(booking, 'STARTED', now, state, booking.pickup, randomUUID()),
        messages: [tell(booking.customer, 'trip_started', booking)],
      });
    },
  });
}

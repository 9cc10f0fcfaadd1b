import { bookLaterTimes, dispatchPolicy } from '../../../shared/src/domain/dispatch';
import type { BookingRecord, BookingStore } from '../ports/bookings';
import type { JobQueue } from '../ports/jobs';
import type { TripStore } from '../ports/trips';
import type { Account } from './admit-caller';
import { advance, checkStep, runStep, tell } from './trip-step';

/**
 * Beyond the spec: a driver who cannot make it gives an accepted trip up before pickup. Rather
 * than stranding the rider, the booking goes back to NEW and to dispatch from its first round,
 * and that driver is never offered it again. The driver is freed in the same transaction.
 */
export async function releaseBooking(
  deps: { bookings: BookingStore; trips: TripStore; jobs: () => JobQueue; now: () => Date },
  account: Account,
  loaded: BookingRecord | undefined,
): Promise<{ released: true }> {
  const me = account.profile.id;
  return runStep(deps, account, loaded, {
    name: 'release',
    answer: () => ({ released: true as const }),
    write: async (current) => {
      const booking = checkStep(account, current, 'NEW');
      const now = deps.now().getTime();
      const next = advance(booking, 'NEW', {
        driver: undefined, driver_name: undefined, driver_image: undefined, driver_contact: undefined, vehicle_number: undefined,
        fleetadmin: undefined, driverRating: undefined, acceptTime: undefined, driver_arrive_time: undefined,
        excludedDrivers: { ...booking.excludedDrivers, [me]: true },
        requestedDrivers: {}, asked: {}, dispatchRound: 0, roundEndsAt: now,
      });
      const written = await deps.trips.apply({
        current: booking, next, at: now,
        driver: { uid: me, queue: false },
        driverState: { uid: me, activeBooking: null },
        messages: [tell(booking.customer, 'driver_released', booking)],
        storyEvent: { kind: 'released', at: now, driver: me, driverName: `${account.profile.firstName} ${account.profile.lastName}`.trim() },
      });
      const policy = dispatchPolicy(account.settings);
      if (policy.autoDispatch) {
        const at = booking.bookLater ? Math.max(now, bookLaterTimes(booking.tripdate, policy).dispatchAt) : now;
        await deps.jobs().schedule({ kind: 'dispatch', bookingId: booking.id, round: 1 }, at);
      }
      return written;
    },
  });
}

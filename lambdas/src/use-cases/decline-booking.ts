import { dispatchPolicy } from '../../../shared/src/domain/dispatch';
import { conflict, notFound } from '../../../shared/src/domain/errors';
import type { BookingRecord, BookingStore } from '../ports/bookings';
import type { JobQueue } from '../ports/jobs';
import type { TripStore } from '../ports/trips';
import type { Account } from './admit-caller';
import { runStep } from './trip-step';

/**
 * Spec §6: a driver "cancels" a NEW task by leaving requestedDrivers; their offer goes with it.
 * When that leaves nobody deciding, the next dispatch round is due now rather than when the
 * offers would have expired, so the rider does not wait on a driver who already said no. A
 * driver who already declined (a double tap) gets the same answer again.
 */
export async function declineBooking(
  deps: { bookings: BookingStore; trips: TripStore; jobs: () => JobQueue; now: () => Date },
  account: Account,
  loaded: BookingRecord | undefined,
): Promise<{ declined: true }> {
  const me = account.profile.id;
  // A dispatch round moving the version meanwhile is a lost race: runStep declines against the fresh booking.
  return runStep(deps, account, loaded, {
    name: 'decline',
    answer: () => ({ declined: true as const }),
    write: async (booking) => {
      // Another driver took it while this one was deciding: say so rather than "not found".
      if (booking?.driver !== undefined && booking.driver !== me && booking.asked?.[me] !== undefined) throw conflict('booking_taken');
      if (!booking || !booking.requestedDrivers?.[me]) throw notFound();
      if (booking.status !== 'NEW') throw conflict('booking_moved_on', `A ${booking.status} booking has no offers`);
      const now = deps.now().getTime();
      const requestedDrivers = { ...booking.requestedDrivers };
      delete requestedDrivers[me];
      const dispatchNow = Object.keys(requestedDrivers).length === 0 && dispatchPolicy(account.settings).autoDispatch && booking.dispatchRound > 0;
      const next: BookingRecord = { ...booking, requestedDrivers, version: booking.version + 1, ...(dispatchNow ? { roundEndsAt: now } : {}) };
      const driverName = `${account.profile.firstName} ${account.profile.lastName}`.trim();
      const written = await deps.trips.apply({ current: booking, next, at: now, revokeOffers: [me], messages: [], storyEvent: { kind: 'declined', at: now, driver: me, driverName } });
      // The round that was due when the offers expired will find itself stale: this one runs first.
      if (dispatchNow) await deps.jobs().schedule({ kind: 'dispatch', bookingId: booking.id, round: booking.dispatchRound + 1 }, now);
      return written;
    },
  });
}

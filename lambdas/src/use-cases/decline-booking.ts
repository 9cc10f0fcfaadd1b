import { dispatchPolicy } from '../../../shared/src/domain/dispatch';
import { conflict, notFound } from '../../../shared/src/domain/errors';
import type { BookingRecord, BookingStore } from '../ports/bookings';
import type { JobQueue } from '../ports/jobs';
import type { TripStore } from '../ports/trips';
import type { Account } from './admit-caller';
import { runTripStep } from './run-trip-step';

/**
 * Spec §6: a driver "cancels" a NEW task by leaving requestedDrivers; their offer goes with it.
 * When that leaves nobody deciding, the next dispatch round is due now rather than when the
 * offers would have expired, so the rider does not wait on a driver who already said no.
 */
export async function declineBooking(
  deps: { bookings: BookingStore; trips: TripStore; jobs: () => JobQueue; now: () => Date },
  account: Account,
  loaded: BookingRecord | undefined,
): Promise<{ declined: true }> {
  const me = account.profile.id;
  let dispatchNow = false;
  // A dispatch round that moved the version meanwhile is not a refusal: the runner declines against the fresh booking.
  const declined = await runTripStep(deps, loaded, (booking) => {
    if (booking?.driver !== undefined && booking.driver !== me && booking.asked?.[me] !== undefined) throw conflict('booking_taken');
    if (!booking || !booking.requestedDrivers?.[me]) throw notFound();
    if (booking.status !== 'NEW') throw conflict('conflict', `A ${booking.status} booking has no offers`);
    const now = deps.now().getTime();
    const requestedDrivers = { ...booking.requestedDrivers };
    delete requestedDrivers[me];
    dispatchNow = Object.keys(requestedDrivers).length === 0 && dispatchPolicy(account.settings).autoDispatch && booking.dispatchRound > 0;
    const next: BookingRecord = { ...booking, requestedDrivers, version: booking.version + 1, ...(dispatchNow ? { roundEndsAt: now } : {}) };
    return { current: booking, next, at: now, revokeOffers: [me], messages: [] };
  });
  // The round that was due when the offers expired will find itself stale: this one runs first.
  if (dispatchNow) await deps.jobs().schedule({ kind: 'dispatch', bookingId: declined.id, round: declined.dispatchRound + 1 }, declined.roundEndsAt ?? deps.now().getTime());
  return { declined: true };
}

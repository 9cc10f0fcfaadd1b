import { dispatchPolicy } from '../../../shared/src/domain/dispatch';
import { decideRound } from '../../../shared/src/domain/dispatch-story';
import type { BookingRecord, BookingStore } from '../ports/bookings';
import type { Job, JobQueue } from '../ports/jobs';
import type { DemandStore } from '../ports/demand';
import type { PresenceStore, SeenNearbyDriver } from '../ports/presence';
import type { SettingsStore } from '../ports/settings';
import { cancelBookingAsSystem } from './cancel-booking-as-system';
import { makeOffers, scheduleAll } from './dispatch-offers';

/** Between two cycles of rounds for a Book Later booking nobody took yet. */
export const BOOK_LATER_CYCLE_PAUSE_MS = 2 * 60_000;

export type RoundOutcome = 'offered' | 'gave-up' | 'not-new' | 'stale' | 'early' | 'manual' | 'lost-race';

/** Clocks of job runners and the table's writers differ a little; a job this close to its time is on time. */
const CLOCK_SLACK_MS = 250;

export interface DispatchDeps {
  bookings: BookingStore;
  presence: PresenceStore;
  demand: Pick<DemandStore, 'unserved'>;
  settings: Pick<SettingsStore, 'getApp'>;
  jobs: () => JobQueue;
  now: () => Date;
}

/**
 * One dispatch round (a job, when the previous round's offers have expired). Offers stand until
 * they expire: a round never pulls an offer from a driver who may be deciding, it only lets the
 * expired ones lapse and asks the next nearest drivers, out to a wider radius. A round runs once:
 * its write is conditioned on the round before it, so a duplicate job changes nothing. Book Now
 * gives up after the last round; Book Later starts another cycle until its give-up time.
 */
export async function runDispatchRound(deps: DispatchDeps, bookingId: string, round: number): Promise<RoundOutcome> {
  // A decline or an admin's assignment may change the booking between our read and our write;
  // the round is then run again on the fresh booking (its guards make that safe).
  for (let attempt = 1; ; attempt++) {
    const outcome = await tryRound(deps, bookingId, round);
    if (outcome !== 'lost-race' || attempt >= 3) return outcome;
  }
}

async function tryRound(deps: DispatchDeps, bookingId: string, round: number): Promise<RoundOutcome> {
  const [booking, settings] = await Promise.all([deps.bookings.get(bookingId, { consistent: true }), deps.settings.getApp()]);
  if (!booking || booking.status !== 'NEW') return 'not-new';
  if (booking.dispatchRound !== round - 1) return 'stale';
  const policy = dispatchPolicy(settings ?? {});
  if (!policy.autoDispatch) return 'manual';
  const now = deps.now().getTime();
  // A job delivered before the offers of the last round expired must not pull them: drivers may be deciding.
  if (booking.roundEndsAt !== undefined && now < booking.roundEndsAt - CLOCK_SLACK_MS) return 'early';

  const finished = booking.bookLater ? booking.giveUpAt !== undefined && now >= booking.giveUpAt : round > policy.rounds;
  if (finished) return giveUp(deps, booking, now);

  // Rounds come in cycles of `rounds`; within a cycle nobody is asked twice.
  const cycleStart = Math.floor((round - 1) / policy.rounds) * policy.rounds + 1;
  const roundInCycle = round - cycleStart + 1;
  const askedThisCycle = new Set([
    ...Object.entries(booking.asked ?? {}).filter(([, r]) => r >= cycleStart || r === 0).map(([d]) => d),
    // Drivers who gave the trip up are never asked again.
    ...Object.keys(booking.excludedDrivers ?? {}),
  ]);
  // Offers from earlier rounds have expired by now; admin assignments (round 0) never do.
  const lapsed = Object.keys(booking.requestedDrivers ?? {}).filter((d) => (booking.asked?.[d] ?? 0) !== 0 && booking.asked[d]! < round);

  const nearby = await deps.presence.nearby(booking.pickup, policy.radiusKm, { carType: booking.carType, now, documents: policy.documents });
  // Admin assignments (round 0) stay live through the round and count against the offer cap.
  const staying = Object.keys(booking.requestedDrivers ?? {}).length - lapsed.length;
  // The batch and the round's story are decided together, from everything the search read.
  const { batch, story } = decideRound<SeenNearbyDriver>({
    round, roundInCycle, at: now, policy, seen: nearby.seen, asked: booking.asked ?? {}, requestedDrivers: booking.requestedDrivers ?? {},
    excludedDrivers: booking.excludedDrivers, askedThisCycle, lapsed, staying,
  });
  const next: [Job, number] = roundInCycle === policy.rounds && booking.bookLater
    ? [{ kind: 'dispatch', bookingId, round: round + 1 }, now + Math.max(policy.offerSeconds * 1000, BOOK_LATER_CYCLE_PAUSE_MS)]
    : [{ kind: 'dispatch', bookingId, round: round + 1 }, now + policy.offerSeconds * 1000];
  await scheduleAll(deps.jobs(), [next]);
  try {
    await deps.bookings.offerRound(booking, { ...makeOffers(booking, batch, round, now, policy, lapsed), story });
    return 'offered';
  } catch (e) {
    if ((e as { status?: number }).status === 409) return 'lost-race';
    throw e;
  }
}

/** A booking still NEW at its give-up time is cancelled by the system. */
export async function giveUpBooking(deps: Pick<DispatchDeps, 'bookings' | 'demand' | 'now' | 'settings'>, bookingId: string): Promise<'gave-up' | 'not-new' | 'early' | 'lost-race'> {
  const booking = await deps.bookings.get(bookingId, { consistent: true });
  if (!booking || booking.status !== 'NEW') return 'not-new';
  const now = deps.now().getTime();
  if (booking.giveUpAt !== undefined && now < booking.giveUpAt - CLOCK_SLACK_MS) return 'early';
  return giveUp(deps, booking, now);
}

/** Cancelled by the system; a booking that changed meanwhile (accepted, cancelled) is left alone. */
async function giveUp(deps: Pick<DispatchDeps, 'bookings' | 'demand' | 'settings'>, booking: BookingRecord, now: number): Promise<'gave-up' | 'lost-race'> {
  try {
    await cancelBookingAsSystem(deps, booking, booking.bookLater ? 'booking_not_taken_in_time' : 'no_driver_accepted', now, await deps.settings.getApp());
    return 'gave-up';
  } catch (e) {
    if ((e as { status?: number }).status === 409) return 'lost-race';
    throw e;
  }
}

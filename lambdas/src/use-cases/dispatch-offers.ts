import { toDistanceUnit, type DispatchPolicy } from '../../../shared/src/domain/dispatch';
import { renderNotification } from '../../../shared/src/i18n/notifications';
import type { BookingRecord, OfferRecord, OfferRound } from '../ports/bookings';
import type { Job, JobQueue } from '../ports/jobs';
import type { NearbyDriver } from '../ports/presence';

/** The offer items and "new booking" messages for a round's batch of drivers. */
export function makeOffers(b: BookingRecord, batch: readonly NearbyDriver[], round: number, now: number, policy: DispatchPolicy, lapsed: string[] = []): OfferRound {
  const offers: OfferRecord[] = batch.map((d) => ({
    bookingId: b.id, driver: d.uid, offeredAt: now, expiresAt: now + policy.offerSeconds * 1000, round,
    carType: b.carType, pickup: b.pickup, drop: b.drop, estimate: b.trip_cost, driver_share: b.driver_share,
    estimateDistance: b.estimateDistance, distanceUnit: b.distanceUnit,
    distanceToPickup: toDistanceUnit(d.distanceKm, policy.unit),
    tripdate: b.tripdate, bookLater: b.bookLater, assignedByAdmin: false,
  }));
  const text = renderNotification('new_booking', { pickup: b.pickupAddress, drop: b.dropAddress, id: b.id });
  return { round, endsAt: now + policy.offerSeconds * 1000, offers, lapsed, messages: offers.map((o) => ({ to: o.driver, kind: 'new_booking', ...text, bookingId: b.id })) };
}

export async function scheduleAll(queue: JobQueue, jobs: readonly [Job, number][]): Promise<void> {
  await Promise.all(jobs.map(([job, at]) => queue.schedule(job, at)));
}

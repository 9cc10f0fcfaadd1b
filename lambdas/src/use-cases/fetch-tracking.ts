import { DomainError, notFound } from '../../../shared/src/domain/errors';
import { returning } from '../../../shared/src/domain/delivery-proof';
import { stopsAhead } from '../../../shared/src/domain/stops';
import type { BookingRecord } from '../ports/bookings';
import type { GeoService } from '../ports/geo';
import type { TripStore } from '../ports/trips';
import { logger } from '../observability/logger';
import type { Account } from './admit-caller';
import { maySeeBooking } from '../../../shared/src/domain/booking-access';

/**
 * Spec §5 location fetch: exactly the latest tracking point, else location_fetch_error. While
 * the rider waits it also says how long the driver needs to the pickup, during the trip how long
 * to the drop, and while a failed delivery's parcel goes back how long to the pickup (a route
 * from the point; left out when the route service cannot answer).
 * Screens call this once and then follow `tracking/<id>`, whose events carry each new point.
 */
export async function fetchTracking(
  deps: { trips: TripStore; geo: () => GeoService },
  account: Account,
  booking: BookingRecord | undefined,
) {
  const me = account.profile;
  if (!booking || !maySeeBooking(booking, { uid: me.id, role: me.usertype })) throw notFound();
  const latest = await deps.trips.latestPoint(booking.id);
  if (!latest) throw new DomainError('location_fetch_error', 404);
  const point = { id: latest.id, at: latest.at, status: latest.status, lat: latest.lat, lng: latest.lng };
  // A failed delivery's parcel going back is driven to the pickup, its sender.
  const etaTo = booking.status === 'ACCEPTED' || returning(booking) ? 'pickup' as const : booking.status === 'STARTED' ? 'drop' as const : undefined;
  if (!etaTo) return { point, ...(booking.status === 'ARRIVED' ? { etaSeconds: 0, etaTo: 'pickup' as const } : {}) };
  try {
    // To the drop through the stops still ahead (domain/stops): the time is the whole way left.
    const route = await deps.geo().route(point, etaTo === 'pickup' ? booking.pickup : booking.drop, etaTo === 'drop' ? stopsAhead(booking) : []);
    return route ? { point, etaSeconds: Math.round(route.duration), etaTo } : { point };
  } catch (e) {
    logger.warn('eta route failed', { error: String(e) });
    return { point };
  }
}

import { randomBytes } from 'node:crypto';
import { stopsAhead } from '../../../shared/src/domain/stops';
import { notFound } from '../../../shared/src/domain/errors';
import {
  sharedTripView, TRIP_LINK_MAX_AGE_MS, TRIP_LINK_TOKEN_BYTES, tripLinkLive, type SharedTripView, type TripLinkAudience,
} from '../../../shared/src/domain/trip-link';
import type { BookingRecord, BookingStore } from '../ports/bookings';
import type { GeoService } from '../ports/geo';
import type { TripLinkStore } from '../ports/trip-links';
import type { TripStore } from '../ports/trips';
import type { UserStore } from '../ports/users';
import { logger } from '../observability/logger';
import type { Account } from './admit-caller';

/** The one answer for a link that shows nothing: unknown, revoked, past its end, or its trip over. */
export const linkGone = () => notFound('trip_link_not_found');

export const tripLinkPath = (token: string) => `/t/${token}`;

/** A fresh link secret: 256 random bits. The caller hashes it for the table and hands it out once. */
export function newTripLinkToken(): string {
  return randomBytes(TRIP_LINK_TOKEN_BYTES).toString('base64url');
}

/** Mints a link of `audience` for a booking (replacing the audience's previous one) and answers its secret. */
export async function mintTripLink(
  deps: { tripLinks: TripLinkStore; hash: (token: string) => string; now: () => Date },
  bookingId: string, audience: TripLinkAudience,
) {
  const token = newTripLinkToken();
  const createdAt = deps.now().getTime();
  const validUntil = createdAt + TRIP_LINK_MAX_AGE_MS;
  await deps.tripLinks.replace(bookingId, audience, deps.hash(token), createdAt, validUntil);
  return { token, path: tripLinkPath(token), expiresAt: validUntil };
}

/** The booking's rider only: anyone else (another rider) learns nothing of it, as fetchBooking answers. */
export function ownBooking(account: Account, booking: BookingRecord | undefined): BookingRecord {
  if (!booking || booking.customer !== account.profile.id) throw notFound();
  return booking;
}

/** The rider takes their link back; the recipient's link (delivery mode) is the recipient's and stays. */
export async function revokeTripLink(deps: { tripLinks: TripLinkStore }, account: Account, booking: BookingRecord | undefined) {
  const own = ownBooking(account, booking);
  if (!(await deps.tripLinks.revoke(own.id, 'rider'))) throw linkGone();
  return { revoked: true as const };
}

/**
 * The public read: the link by its hash (GetItem), its booking, then, once a driver has the trip,
 * the driver's profile and the latest point, and the time to the pickup or drop. Every way a link
 * can be dead answers the same 404, so an answer says nothing about whether a token ever existed.
 */
export async function fetchSharedTrip(
  deps: {
    tripLinks: TripLinkStore; hash: (token: string) => string; now: () => Date;
    bookings: Pick<BookingStore, 'get'>; users: Pick<UserStore, 'get'>; trips: Pick<TripStore, 'latestPoint'>; geo: () => GeoService;
  },
  token: string,
): Promise<SharedTripView> {
  const link = await deps.tripLinks.find(deps.hash(token));
  if (!link || link.validUntil <= deps.now().getTime()) throw linkGone();
  const booking = await deps.bookings.get(link.bookingId);
  if (!booking || !tripLinkLive(booking.status)) throw linkGone();
  if (!booking.driver) return sharedTripView({ booking });
  const [driver, point] = await Promise.all([deps.users.get(booking.driver), deps.trips.latestPoint(booking.id)]);
  const eta = point ? await etaOf(deps, booking, point) : undefined;
  return sharedTripView({ booking, driver, point, eta });
}

async function etaOf(deps: { geo: () => GeoService }, booking: BookingRecord, point: { lat: number; lng: number }) {
  if (booking.status === 'ARRIVED') return { seconds: 0, to: 'pickup' as const };
  const to = booking.status === 'ACCEPTED' ? 'pickup' as const : booking.status === 'STARTED' ? 'drop' as const : undefined;
  if (!to) return undefined;
  try {
    const route = await deps.geo().route(point, to === 'pickup' ? booking.pickup : booking.drop, to === 'drop' ? stopsAhead(booking) : []);
    return route ? { seconds: Math.round(route.duration), to } : undefined;
  } catch (e) {
    // The page shows the trip without a time rather than fail.
    logger.warn('shared trip eta failed', { error: String(e) });
    return undefined;
  }
}


import type { BookingView } from '../../../shared/src/contract/bookings';
import { isBookingStatus, type BookingStatus } from '../../../shared/src/domain/booking-status';
import { notFound } from '../../../shared/src/domain/errors';
import type { BookingAudience, BookingRecord, BookingStore } from '../ports/bookings';
import type { UploadStore } from '../ports/uploads';
import type { Account } from './admit-caller';
import { maySeeBooking } from '../../../shared/src/domain/booking-access';
import { presentBooking } from './present-booking';
import { withPhotoLinks } from './trip-photos';

/** Spec §6: booking lists by role: rider by customer, driver by driver, fleet admin by fleet, all for admin. */
export function audienceOf(account: Account): BookingAudience {
  const { id, usertype } = account.profile;
  if (usertype === 'admin') return { kind: 'all' };
  if (usertype === 'fleetadmin') return { kind: 'fleet', uid: id };
  if (usertype === 'driver') return { kind: 'driver', uid: id };
  return { kind: 'customer', uid: id };
}

export async function fetchBookings(
  deps: { bookings: BookingStore; uploads: UploadStore },
  account: Account,
  query: { cursor?: string; limit?: number; status?: string; from?: number; to?: number },
): Promise<{ items: BookingView[]; next?: string }> {
  const statuses = query.status?.split(',').map((s) => s.trim()).filter(isBookingStatus) as BookingStatus[] | undefined;
  const page = await deps.bookings.list(audienceOf(account), { cursor: query.cursor, limit: query.limit, statuses, from: query.from, to: query.to });
  const viewer = { role: account.profile.usertype, criticalEdits: account.settings.AllowCriticalEditsAdmin };
  return { items: await Promise.all(page.items.map((b) => withPhotoLinks(deps, presentBooking(b, viewer), b))), next: page.next };
}

/** One booking, with its route, for the same audience; anyone else gets 404 (ids reveal nothing). */
export async function fetchBooking(deps: { uploads: UploadStore }, account: Account, booking: BookingRecord | undefined): Promise<BookingView> {
  const me = account.profile;
  if (!booking || !maySeeBooking(booking, { uid: me.id, role: me.usertype })) throw notFound();
  return withPhotoLinks(deps, presentBooking(booking, { role: me.usertype, criticalEdits: account.settings.AllowCriticalEditsAdmin }, { withRoute: true }), booking);
}

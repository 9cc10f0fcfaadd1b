import type { BookingView } from '../../../shared/src/contract/bookings';
import { conflict, DomainError, forbidden, notFound } from '../../../shared/src/domain/errors';
import type { BookingRecord } from '../ports/bookings';
import type { TripStore } from '../ports/trips';
import { MAX_IMAGE_BYTES, type UploadStore, type UploadTicket } from '../ports/uploads';
import type { Account } from './admit-caller';
import { present } from './trip-step';

export type PhotoKind = 'pickup_image' | 'deliver_image';

/** When each photo may be taken: the parcel at pickup, then at the door. */
const PHOTO_STATUSES: Record<PhotoKind, readonly string[]> = {
  pickup_image: ['ARRIVED', 'STARTED'],
  deliver_image: ['STARTED', 'REACHED'],
};

/** Spec §7 storage path. Not under public/: only the booking's own people get (short-lived) links. */
export const photoKey = (bookingId: string, kind: PhotoKind) => `bookings/${bookingId}/${kind}`;

function checkDriverPhoto(account: Account, booking: BookingRecord | undefined, kind: PhotoKind): BookingRecord {
  if (!booking || booking.driver !== account.profile.id) {
    if (booking?.requestedDrivers?.[account.profile.id]) throw forbidden('not_your_trip');
    throw notFound();
  }
  if (!PHOTO_STATUSES[kind].includes(booking.status)) throw conflict('conflict', `No ${kind} in ${booking.status}`);
  return booking;
}

export async function createTripPhotoUploadUrl(
  deps: { uploads: UploadStore },
  account: Account,
  booking: BookingRecord | undefined,
  kind: PhotoKind,
  file: { contentType: string; size: number },
): Promise<UploadTicket> {
  const b = checkDriverPhoto(account, booking, kind);
  return deps.uploads.createUploadUrl({ key: photoKey(b.id, kind), contentType: file.contentType, maxBytes: MAX_IMAGE_BYTES });
}

/** After the browser's PUT: the object must be an image within the size limit, else it is removed and refused. */
export async function setTripPhoto(
  deps: { uploads: UploadStore; trips: TripStore },
  account: Account,
  booking: BookingRecord | undefined,
  kind: PhotoKind,
): Promise<BookingView> {
  const b = checkDriverPhoto(account, booking, kind);
  const key = photoKey(b.id, kind);
  const object = await deps.uploads.describe(key);
  if (!object) throw new DomainError('not_found', 404, 'Upload the photo first');
  if (object.size > MAX_IMAGE_BYTES || !object.contentType.startsWith('image/')) {
    await deps.uploads.remove(key);
    throw new DomainError('validation_error', 400, 'The photo must be a JPEG, PNG or WebP of at most 5 MB');
  }
  const next = await deps.trips.setPhoto(b, kind, `${key}?v=${object.etag}`);
  return withPhotoLinks(deps, present(account, next), next);
}

/** Replaces stored photo keys with links the viewer's browser can open for a while. */
export async function withPhotoLinks(deps: { uploads: UploadStore }, view: BookingView, record: BookingRecord): Promise<BookingView> {
  if (!record.pickup_image && !record.deliver_image) return view;
  const link = async (stored: string | undefined) => (stored ? deps.uploads.viewUrl(stored.split('?')[0]!) : undefined);
  const [pickup, deliver] = await Promise.all([link(record.pickup_image), link(record.deliver_image)]);
  return { ...view, ...(pickup ? { pickup_image: pickup } : {}), ...(deliver ? { deliver_image: deliver } : {}) };
}

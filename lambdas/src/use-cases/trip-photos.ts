import type { BookingView } from '../../../shared/src/contract/bookings';
import { conflict, DomainError, forbidden, notFound } from '../../../shared/src/domain/errors';
import type { BookingRecord } from '../ports/bookings';
import type { TripStore } from '../ports/trips';
import type { z } from 'zod/mini';
import type { AbortUploadBody, CompleteUploadBody, UploadPartsBody } from '../../../shared/src/contract/uploads';
import type { UploadStore, UploadTicket } from '../ports/uploads';
import { abortUpload, completeUpload, createUploadParts, createUploadUrl, isImageWithin } from './create-upload-url';
import { maxBytesOf, tripPhotoKey } from './upload-keys';
import type { Account } from './admit-caller';
import { present } from './trip-step';

export type PhotoKind = 'pickup_image' | 'deliver_image';

/** When each photo may be taken: the parcel at pickup, then at the door. */
const PHOTO_STATUSES: Record<PhotoKind, readonly string[]> = {
  pickup_image: ['ARRIVED', 'STARTED'],
  deliver_image: ['STARTED', 'REACHED'],
};

function checkDriverPhoto(account: Account, booking: BookingRecord | undefined, kind: PhotoKind): BookingRecord {
  if (!booking || booking.driver !== account.profile.id) {
    if (booking?.requestedDrivers?.[account.profile.id]) throw forbidden('not_your_trip');
    throw notFound();
  }
  if (!PHOTO_STATUSES[kind].includes(booking.status)) throw conflict('conflict', `No ${kind} in ${booking.status}`);
  // Once the drop is recorded the delivery photo is its evidence (domain/delivery-proof): it stays as it was.
  if (kind === 'deliver_image' && booking.deliveryProof) throw conflict('delivery_already_recorded', 'The delivery is recorded: its photo stays as it was');
  return booking;
}

export async function createTripPhotoUploadUrl(
  deps: { uploads: UploadStore; now: () => Date },
  account: Account,
  booking: BookingRecord | undefined,
  kind: PhotoKind,
  file: { contentType: string; size: number },
): Promise<UploadTicket> {
  const b = checkDriverPhoto(account, booking, kind);
  return createUploadUrl(deps, { kind: 'tripPhoto', bookingId: b.id, photo: kind }, file);
}

/** The multipart steps of a large photo: only the trip's driver, only this photo's key (so only uploads it started). */
export async function createTripPhotoUploadParts(
  deps: { uploads: UploadStore }, account: Account, booking: BookingRecord | undefined, kind: PhotoKind, body: z.infer<typeof UploadPartsBody>,
) {
  const b = checkDriverPhoto(account, booking, kind);
  return createUploadParts(deps, { key: tripPhotoKey(b.id, kind), maxBytes: maxBytesOf('tripPhoto') }, body);
}

export async function completeTripPhotoUpload(
  deps: { uploads: UploadStore }, account: Account, booking: BookingRecord | undefined, kind: PhotoKind, body: z.infer<typeof CompleteUploadBody>,
) {
  const b = checkDriverPhoto(account, booking, kind);
  return completeUpload(deps, { key: tripPhotoKey(b.id, kind), maxBytes: maxBytesOf('tripPhoto') }, body);
}

export async function abortTripPhotoUpload(
  deps: { uploads: UploadStore }, account: Account, booking: BookingRecord | undefined, kind: PhotoKind, body: z.infer<typeof AbortUploadBody>,
) {
  const b = checkDriverPhoto(account, booking, kind);
  return abortUpload(deps, tripPhotoKey(b.id, kind), body.uploadId);
}

/** After the browser's upload: the object must be an image within the size limit, else it is removed and refused. */
export async function setTripPhoto(
  deps: { uploads: UploadStore; trips: TripStore },
  account: Account,
  booking: BookingRecord | undefined,
  kind: PhotoKind,
): Promise<BookingView> {
  const b = checkDriverPhoto(account, booking, kind);
  const key = tripPhotoKey(b.id, kind);
  const object = await deps.uploads.describe(key);
  if (!object) throw new DomainError('not_found', 404, 'Upload the photo first');
  if (!isImageWithin(maxBytesOf('tripPhoto'))(object)) {
    await deps.uploads.remove(key);
    throw new DomainError('validation_error', 400, 'The photo must be a JPEG, PNG or WebP of at most 20 MiB');
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

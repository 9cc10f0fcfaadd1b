import { randomUUID } from 'node:crypto';
import { DomainError } from '../../../shared/src/domain/errors';
import { isSafeKey } from '../../../shared/src/domain/storage-keys';
import { UPLOAD_LIMITS, type UploadKind } from '../../../shared/src/domain/upload-plan';

/**
 * The one place storage keys are made (spec §5 Storage rules: a path never contains '..'). Keys
 * come from the server only: a browser never names where its file goes. Every key is made of
 * segments of letters, digits, '_' and '-' (and single dots inside), joined by single '/', so
 * there is no '..', no leading '/', no empty segment and nothing a URL or a file system reads
 * differently.
 */

/** Joins segments into a key, refusing anything unsafe (a bug, or an id that is not one). */
export function joinKey(...segments: string[]): string {
  const key = segments.join('/');
  // Each part is one segment: an id holding a '/' would move the file into another folder.
  if (segments.length === 0 || segments.some((s) => s.includes('/')) || !isSafeKey(key)) throw new DomainError('invalid_argument', 400, 'Not a valid storage path');
  return key;
}

export type UploadTarget =
  | { kind: 'licence' }
  | { kind: 'profileImage'; uid: string }
  | { kind: 'carTypeImage' }
  | { kind: 'tripPhoto'; bookingId: string; photo: 'pickup_image' | 'deliver_image' };

/** Spec §7 storage paths: users/{uid}/profileImage, bookings/{id}/{pickup_image|deliver_image}, a driver documents folder named by timestamp. */
export function uploadKey(target: UploadTarget, now: Date): string {
  switch (target.kind) {
    case 'licence': return joinKey('private', 'licences', `${now.getTime()}-${randomUUID()}`);
    case 'profileImage': return joinKey('public', 'users', target.uid, 'profileImage');
    case 'carTypeImage': return joinKey('public', 'cartypes', randomUUID());
    case 'tripPhoto': return tripPhotoKey(target.bookingId, target.photo);
  }
}

/** Spec §7 storage path of a trip photo. Not under public/: only the booking's own people get (short-lived) links. */
export const tripPhotoKey = (bookingId: string, photo: 'pickup_image' | 'deliver_image') => joinKey('bookings', bookingId, photo);


export const maxBytesOf = (kind: UploadKind) => UPLOAD_LIMITS[kind];

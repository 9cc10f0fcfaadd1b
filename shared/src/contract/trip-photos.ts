import * as z from './zod';
import { AbortedUpload, AbortUploadBody, CompletedUpload, CompleteUploadBody, DocumentUpload, UploadPartsBody, UploadPartUrls, UploadTicket } from './uploads';
import { BookingIdParams, BookingView } from './booking-view';
import { route } from './route';

/**
 * A trip's pickup and delivery photos, apart from the trip steps (trips.ts): a function builds the
 * schemas of every contract module it imports when it loads.
 */

const noBody = z.strictObject({});

export const PhotoKind = z.enum(['pickup_image', 'deliver_image']);
export const PhotoParams = z.extend(BookingIdParams, { kind: PhotoKind });

export const createTripPhotoUploadUrl = route({
  method: 'POST', path: '/bookings/{id}/photos/{kind}/upload-url', operationId: 'createTripPhotoUploadUrl', area: 'trips', auth: ['driver'],
  summary: 'Presigned upload to bookings/{id}/pickup_image (ARRIVED, STARTED) or deliver_image (STARTED, REACHED), for the assigned driver: a POST form, or a multipart upload above 5 MiB',
  params: PhotoParams,
  body: DocumentUpload,
  response: UploadTicket,
});

export const createTripPhotoUploadParts = route({
  method: 'POST', path: '/bookings/{id}/photos/{kind}/upload-parts', operationId: 'createTripPhotoUploadParts', area: 'trips', auth: ['driver'],
  summary: 'Presigned part URLs of the photo\'s multipart upload, for the assigned driver (the upload id must be this photo\'s)',
  params: PhotoParams,
  body: UploadPartsBody,
  response: UploadPartUrls,
});

export const completeTripPhotoUpload = route({
  method: 'POST', path: '/bookings/{id}/photos/{kind}/upload-complete', operationId: 'completeTripPhotoUpload', area: 'trips', auth: ['driver'],
  summary: 'Completes the photo\'s multipart upload after checking its parts; then record it with setTripPhoto',
  params: PhotoParams,
  body: CompleteUploadBody,
  response: CompletedUpload,
});

export const abortTripPhotoUpload = route({
  method: 'POST', path: '/bookings/{id}/photos/{kind}/upload-abort', operationId: 'abortTripPhotoUpload', area: 'trips', auth: ['driver'],
  summary: 'Aborts the photo\'s multipart upload',
  params: PhotoParams,
  body: AbortUploadBody,
  response: AbortedUpload,
});

export const setTripPhoto = route({
  method: 'POST', path: '/bookings/{id}/photos/{kind}', operationId: 'setTripPhoto', area: 'trips', auth: ['driver'],
  summary: 'Checks the uploaded photo (an image of at most 20 MiB) and records it on the booking',
  params: PhotoParams,
  body: noBody,
  response: BookingView,
});

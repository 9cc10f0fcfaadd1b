import { MiB, planParts } from '../../shared/src/domain/upload-plan';
import { postForm, putPart } from '../../tests/integration/support/uploads';
import type { Answer } from './report';

/** A request as the bench sends it; no token is an anonymous call. */
export type Send = (token: string | undefined, method: string, path: string, body?: unknown) => Promise<Answer>;

/** Bytes that start like a PNG: the server checks the stored type and size, not pixels. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');
const LARGE = 6 * MiB;
const bytes = (size: number) => { const b = Buffer.alloc(size, 7); PNG.copy(b); return b; };

/** The part numbers of the plan, for asking the server for every part's URL. */
const ALL_PARTS = planParts(LARGE).map((p) => p.partNumber);

/** PUTs every part the server signed (its answer to an upload-parts call); the etags complete the upload. */
async function putParts(urls: Answer): Promise<{ partNumber: number; etag: string }[] | undefined> {
  if (urls.status !== 200) return undefined;
  const plan = planParts(LARGE);
  const file = bytes(LARGE);
  const etags = [];
  for (const p of urls.body.parts as { partNumber: number; url: string }[]) {
    const part = plan[p.partNumber - 1]!;
    const put = await putPart(p.url, file.subarray(part.start, part.end));
    if (put.status !== 200) return undefined;
    etags.push({ partNumber: p.partNumber, etag: put.etag });
  }
  return etags;
}

/**
 * The upload operations that only succeed after bytes reached S3, measured on success: each runs
 * after a real upload (a POST form, or 6 MiB in two parts). `arrivedTrip` is a booking the driver
 * holds and has arrived at (pickup photos are taken there). Returns [step label, answer] pairs;
 * a step whose setup failed is left out (its row stays "not measured on success").
 */
export async function uploadSteps(send: Send, t: { rider: string; driver: string }, arrivedTrip?: string): Promise<[string, Answer][]> {
  const out: [string, Answer][] = [];

  const profile = await send(t.rider, 'POST', '/me/profile-image/upload-url', { contentType: 'image/png', size: PNG.length });
  if (profile.status === 200 && (await postForm(profile.body, PNG, 'image/png')).status < 300) {
    out.push(['setProfileImage (after a POST upload)', await send(t.rider, 'POST', '/me/profile-image', {})]);
  }

  const licence = await send(undefined, 'POST', '/auth/signup/license-upload', { contentType: 'image/jpeg', size: LARGE });
  if (licence.status === 200) {
    const etags = await putParts(await send(undefined, 'POST', '/auth/signup/license-upload/parts', { key: licence.body.key, uploadId: licence.body.uploadId, size: LARGE, partNumbers: ALL_PARTS }));
    if (etags) out.push(['completeSignupUpload (6 MiB in two parts)', await send(undefined, 'POST', '/auth/signup/license-upload/complete', { key: licence.body.key, uploadId: licence.body.uploadId, parts: etags })]);
  }

  if (!arrivedTrip) return out;
  const photo = `/bookings/${arrivedTrip}/photos/pickup_image`;
  const large = await send(t.driver, 'POST', `${photo}/upload-url`, { contentType: 'image/jpeg', size: LARGE });
  if (large.status === 200) {
    const urls = await send(t.driver, 'POST', `${photo}/upload-parts`, { uploadId: large.body.uploadId, size: LARGE, partNumbers: ALL_PARTS });
    out.push(['createTripPhotoUploadParts (6 MiB photo)', urls]);
    const etags = await putParts(urls);
    if (etags) out.push(['completeTripPhotoUpload (6 MiB in two parts)', await send(t.driver, 'POST', `${photo}/upload-complete`, { uploadId: large.body.uploadId, parts: etags })]);
  }
  const dropped = await send(t.driver, 'POST', `${photo}/upload-url`, { contentType: 'image/jpeg', size: LARGE });
  if (dropped.status === 200) out.push(['abortTripPhotoUpload (an open upload)', await send(t.driver, 'POST', `${photo}/upload-abort`, { uploadId: dropped.body.uploadId })]);
  const small = await send(t.driver, 'POST', `${photo}/upload-url`, { contentType: 'image/jpeg', size: PNG.length });
  if (small.status === 200 && (await postForm(small.body, PNG, 'image/jpeg')).status < 300) {
    out.push(['setTripPhoto (after a POST upload)', await send(t.driver, 'POST', photo, {})]);
  }
  return out;
}

import * as z from './zod';
import { LICENCE_KEY } from '../domain/storage-keys';
import { planParts, UPLOAD_LIMITS } from '../domain/upload-plan';

/**
 * Uploads (spec §5 Storage rules, §9 Storage). The server names every key; a browser either
 * posts a form to the ticket's URL (files up to 5 MiB: the form's policy binds the key, the
 * content type and the size range) or, for larger files, uploads parts to URLs the server signs
 * one by one, then asks the server to complete (or abort) the upload.
 */

export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const ImageContentType = z.enum(IMAGE_CONTENT_TYPES);

/** A file the browser is about to send. The ticket is bound to the declared type and size. */
export const fileUpload = (maxBytes: number) => z.strictObject({
  contentType: ImageContentType,
  size: z.number().check(z.int(), z.positive(), z.lte(maxBytes)),
});

/** Images shown to everyone: at most 5 MiB, always one POST. */
export const ImageUpload = fileUpload(UPLOAD_LIMITS.profileImage);
/** The driver's licence and parcel photos: up to 20 MiB, in parts above 5 MiB. */
export const DocumentUpload = fileUpload(UPLOAD_LIMITS.tripPhoto);

export const PostUploadTicket = z.object({
  method: z.literal('POST'),
  /** POST a multipart/form-data body here: every field below, then the file as `file` (last). */
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  expiresInSeconds: z.number(),
  maxBytes: z.number(),
});

export const MultipartUploadTicket = z.object({
  method: z.literal('MULTIPART'),
  key: z.string(),
  /** Names this upload in the part, complete and abort calls; bound to the key (and caller) on the server. */
  uploadId: z.string(),
  /** The part sizes, in order (see planParts); the last may be smaller. */
  partSizes: z.array(z.number().check(z.int(), z.positive())),
  maxBytes: z.number(),
});

export const UploadTicket = z.discriminatedUnion('method', [PostUploadTicket, MultipartUploadTicket]);
export type UploadTicket = z.infer<typeof UploadTicket>;

const UploadId = z.string().check(z.minLength(1), z.maxLength(1024), z.regex(/^[A-Za-z0-9._~=+/-]+$/, 'invalid_argument'));
/** 20 MiB in the doubling plan is at most a few parts; S3 allows 10,000. */
const MAX_PARTS = planParts(UPLOAD_LIMITS.tripPhoto).length;
const PartNumber = z.number().check(z.int(), z.gte(1), z.lte(MAX_PARTS));

/** Signs upload URLs for some parts (the client asks again for the next ones, or after a pause). */
export const UploadPartsBody = z.strictObject({
  uploadId: UploadId,
  /** The whole file's size, as declared when the upload started: each part URL is signed for its exact size. */
  size: z.number().check(z.int(), z.positive(), z.lte(UPLOAD_LIMITS.tripPhoto)),
  partNumbers: z.array(PartNumber).check(z.minLength(1), z.maxLength(MAX_PARTS)),
});

export const UploadPartUrls = z.object({
  parts: z.array(z.object({ partNumber: z.number(), url: z.string(), size: z.number() })),
  expiresInSeconds: z.number(),
});

export const CompleteUploadBody = z.strictObject({
  uploadId: UploadId,
  parts: z.array(z.strictObject({ partNumber: PartNumber, etag: z.string().check(z.minLength(1), z.maxLength(200)) })).check(z.minLength(1), z.maxLength(MAX_PARTS)),
});

export const CompletedUpload = z.object({ key: z.string(), size: z.number() });

export const AbortUploadBody = z.strictObject({ uploadId: UploadId });
export const AbortedUpload = z.object({ aborted: z.literal(true) });

/** The licence routes are public: the key itself (made by the server, unguessable) travels with the upload id. */
export const LicenceKey = z.string().check(z.maxLength(300), z.regex(LICENCE_KEY, 'invalid_argument'));
export const LicencePartsBody = z.extend(z.strictObject(UploadPartsBody.shape), { key: LicenceKey });
export const LicenceCompleteBody = z.extend(z.strictObject(CompleteUploadBody.shape), { key: LicenceKey });
export const LicenceAbortBody = z.extend(z.strictObject(AbortUploadBody.shape), { key: LicenceKey });

/** Spec §5 Storage rules: a listing returns 1 to 1000 results. */
export const LIST_MAX_RESULTS = 1000;
export const ListMaxResults = z.number().check(z.int(), z.gte(1, 'invalid_argument'), z.lte(LIST_MAX_RESULTS, 'invalid_argument'));

/**
 * How a file travels to storage (spec §9 Storage): small files in one request, large files in
 * parts, each part retried on its own.
 *
 * The spec's resumable upload starts above 262144 bytes with a 256 KB chunk that doubles up to
 * 32 MB. S3 multipart uploads refuse parts under 5 MiB (all but the last), so a chunk here starts
 * at 5 MiB and doubles up to the spec's 32 MB: 5, 10, 20, 32, 32, ... MiB. Below 5 MiB a multipart
 * upload would be a single part and could not resume any better than a single request, so files up
 * to 5 MiB go as one presigned POST (size and type enforced by its policy), larger ones in parts.
 */

export const MiB = 1024 * 1024;
/** S3's smallest part (all but the last). */
export const MIN_PART_BYTES = 5 * MiB;
/** Spec §9: the chunk doubles up to 32 MB. */
export const MAX_PART_BYTES = 32 * MiB;
/** Files above this go in parts; at most this in one POST. */
export const SINGLE_UPLOAD_MAX_BYTES = MIN_PART_BYTES;

/**
 * Per kind of upload. Images shown to everyone (profile pictures, car type pictures) stay small;
 * the driver's licence document and the parcel photos come straight from a phone camera, whose
 * pictures are often above 5 MB, so they may be larger and then go in parts.
 */
export const UPLOAD_LIMITS = {
  profileImage: 5 * MiB,
  carTypeImage: 5 * MiB,
  licence: 20 * MiB,
  tripPhoto: 20 * MiB,
} as const;
export type UploadKind = keyof typeof UPLOAD_LIMITS;

/** Spec §9: operation retry 120000 ms, upload retry 600000 ms; retried statuses 408, 429, 5xx. */
export const OPERATION_RETRY_MS = 120_000;
export const UPLOAD_RETRY_MS = 600_000;
export const isRetryableStatus = (status: number) => status === 0 || status === 408 || status === 429 || (status >= 500 && status <= 599);

export interface PlannedPart { partNumber: number; start: number; end: number; size: number }

/** The parts of a multipart upload of `size` bytes: 5 MiB, doubling up to 32 MiB, the last one what is left. */
export function planParts(size: number): PlannedPart[] {
  if (!Number.isSafeInteger(size) || size <= 0) throw new RangeError(`invalid size ${size}`);
  const parts: PlannedPart[] = [];
  let start = 0;
  let chunk = MIN_PART_BYTES;
  while (start < size) {
    const end = Math.min(size, start + chunk);
    parts.push({ partNumber: parts.length + 1, start, end, size: end - start });
    start = end;
    chunk = Math.min(chunk * 2, MAX_PART_BYTES);
  }
  return parts;
}

/** Whether a file of this size goes in parts. */
export const usesMultipart = (size: number) => size > SINGLE_UPLOAD_MAX_BYTES;

/** Delay before retry `attempt` (1-based): 1 s doubling, at most 32 s, with up to 20% jitter. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(1000 * 2 ** (attempt - 1), 32_000);
  return Math.round(base * (1 + 0.2 * random()));
}

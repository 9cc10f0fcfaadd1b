import type { z } from 'zod/mini';
import type { CompleteUploadBody, UploadPartsBody } from '../../../shared/src/contract/uploads';
import { DomainError } from '../../../shared/src/domain/errors';
import { planParts, usesMultipart } from '../../../shared/src/domain/upload-plan';
import type { StoredObject, UploadStore, UploadTicket } from '../ports/uploads';
import { maxBytesOf, uploadKey, type UploadTarget } from './upload-keys';

type Deps = { uploads: UploadStore; now: () => Date };

/**
 * Starts an upload to the key the server makes for `target`: a presigned POST (policy: that key,
 * the declared type, 1..limit bytes) for files up to 5 MiB, else a multipart upload with the
 * declared type whose parts the client asks for next (upload-plan.ts explains the sizes).
 */
export async function createUploadUrl(deps: Deps, target: UploadTarget, file: { contentType: string; size: number }): Promise<UploadTicket> {
  const maxBytes = maxBytesOf(target.kind);
  if (file.size > maxBytes) throw new DomainError('upload_too_large', 400);
  const key = uploadKey(target, deps.now());
  if (!usesMultipart(file.size)) return deps.uploads.createPostTicket({ key, contentType: file.contentType, maxBytes });
  const uploadId = await deps.uploads.startMultipart({ key, contentType: file.contentType });
  return { method: 'MULTIPART', key, uploadId, partSizes: planParts(file.size).map((p) => p.size), maxBytes };
}

/**
 * The open upload `uploadId` of `key`, or 404. The key is the caller's (made again from the
 * caller and the path, or a licence key only the uploader knows), and S3 binds an upload id to
 * its key: another user's upload id never matches.
 */
async function openUpload(deps: Pick<Deps, 'uploads'>, key: string, uploadId: string) {
  const parts = await deps.uploads.listParts({ key, uploadId });
  if (!parts) throw new DomainError('upload_not_found', 404);
  return parts;
}

/** URLs for the requested parts of the plan of the declared size, each signed for its exact size. */
export async function createUploadParts(
  deps: Pick<Deps, 'uploads'>,
  upload: { key: string; maxBytes: number },
  body: z.infer<typeof UploadPartsBody>,
) {
  if (body.size > upload.maxBytes) throw new DomainError('upload_too_large', 400);
  if (!usesMultipart(body.size)) throw new DomainError('invalid_argument', 400, 'Files up to 5 MiB are uploaded in one POST');
  const plan = planParts(body.size);
  const wanted = [...new Set(body.partNumbers)].map((n) => plan[n - 1]);
  if (wanted.some((p) => !p)) throw new DomainError('invalid_argument', 400, `This file has ${plan.length} parts`);
  await openUpload(deps, upload.key, body.uploadId);
  return deps.uploads.partUrls({ key: upload.key, uploadId: body.uploadId, parts: wanted.map((p) => ({ partNumber: p!.partNumber, size: p!.size })) });
}

/**
 * Completes after checking what was uploaded: every named part is there with its etag, and the
 * total is within the limit (else the upload is aborted). The assembled object is checked again
 * (image type, size) before anyone uses it.
 */
export async function completeUpload(
  deps: Pick<Deps, 'uploads'>,
  upload: { key: string; maxBytes: number; accept?: (o: StoredObject) => boolean },
  body: z.infer<typeof CompleteUploadBody>,
): Promise<{ key: string; size: number }> {
  const uploaded = new Map((await openUpload(deps, upload.key, body.uploadId)).map((p) => [p.partNumber, p]));
  const named = [...body.parts].sort((a, b) => a.partNumber - b.partNumber);
  if (named.some((p, i) => p.partNumber !== i + 1)) throw new DomainError('invalid_argument', 400, 'Parts must be numbered 1..n');
  let total = 0;
  for (const p of named) {
    const got = uploaded.get(p.partNumber);
    if (!got || got.etag !== p.etag.replace(/"/g, '')) throw new DomainError('invalid_argument', 400, `Part ${p.partNumber} is not uploaded`);
    total += got.size;
  }
  if (total > upload.maxBytes) {
    await deps.uploads.abortMultipart({ key: upload.key, uploadId: body.uploadId });
    throw new DomainError('upload_too_large', 400);
  }
  await deps.uploads.completeMultipart({ key: upload.key, uploadId: body.uploadId, parts: named });
  const object = await deps.uploads.describe(upload.key);
  const accept = upload.accept ?? isImageWithin(upload.maxBytes);
  if (!object || !accept(object)) {
    await deps.uploads.remove(upload.key);
    throw new DomainError('validation_error', 400, 'The file must be a JPEG, PNG or WebP image within the size limit');
  }
  return { key: upload.key, size: object.size };
}

export async function abortUpload(deps: Pick<Deps, 'uploads'>, key: string, uploadId: string): Promise<{ aborted: true }> {
  await openUpload(deps, key, uploadId);
  await deps.uploads.abortMultipart({ key, uploadId });
  return { aborted: true };
}

/** What every stored upload is checked against before use (HeadObject: size and type). */
export const isImageWithin = (maxBytes: number) => (o: StoredObject) =>
  o.size > 0 && o.size <= maxBytes && ['image/jpeg', 'image/png', 'image/webp'].includes(o.contentType);

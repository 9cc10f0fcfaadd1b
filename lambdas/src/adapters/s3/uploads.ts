import type { S3Client } from '@aws-sdk/client-s3';
import { ListMaxResults } from '../../../../shared/src/contract/uploads';
import { DomainError } from '../../../../shared/src/domain/errors';
import { config } from '../../config';
import type { UploadStore } from '../../ports/uploads';
import { traced } from '../../observability/tracer';
import { isSafeKey } from '../../../../shared/src/domain/storage-keys';
import { onFirstUse } from '../sdk';

/** S3's commands and presigners, loaded with the client on first use (see adapters/sdk.ts). */
const sdk = onFirstUse(() => import('@aws-sdk/client-s3'));
const presignPost = onFirstUse(async () => (await import('@aws-sdk/s3-presigned-post')).createPresignedPost);
const presignUrl = onFirstUse(async () => (await import('@aws-sdk/s3-request-presigner')).getSignedUrl);

const s3 = onFirstUse(async (): Promise<S3Client> => {
  const { AWS_REGION, S3_ENDPOINT } = config();
  // Emulators answer on a path, not on bucket subdomains.
  return traced(new (await sdk()).S3Client({ region: AWS_REGION, endpoint: S3_ENDPOINT, forcePathStyle: Boolean(S3_ENDPOINT) }));
});

/** A form or part URL is used right away; a paused upload asks for fresh part URLs on resume. */
const UPLOAD_URL_TTL_SECONDS = 300;
/** Trip photos are private: a screen gets links that work for this long. */
const VIEW_URL_TTL_SECONDS = 15 * 60;

const bucket = () => config().UPLOAD_BUCKET;

/** Defence in depth: keys come from upload-keys.ts; anything else is a bug or an attack. */
function safe(key: string): string {
  if (!isSafeKey(key)) throw new DomainError('invalid_argument', 400, 'Not a valid storage path');
  return key;
}

const statusOf = (e: unknown) => (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isNoSuchUpload = (e: unknown) => (e as { name?: string }).name === 'NoSuchUpload' || statusOf(e) === 404;

/**
 * Presigned uploads to the uploads bucket. Objects under `public/` are served to browsers at
 * `/public/<rest>` (CloudFront behaviour in AWS, the gateway locally); everything else stays
 * private (driver licences, trip photos).
 */
export const s3Uploads: UploadStore = {
  async createPostTicket({ key, contentType, maxBytes }) {
    const { url, fields } = await (await presignPost())(await s3(), {
      Bucket: bucket(),
      Key: safe(key),
      // The key is exact (the policy's `key` condition comes from Key), the type is the declared
      // one, and the size 1..maxBytes: S3 refuses any other form with 403.
      Fields: { 'Content-Type': contentType },
      Conditions: [['eq', '$Content-Type', contentType], ['content-length-range', 1, maxBytes]],
      Expires: UPLOAD_URL_TTL_SECONDS,
    });
    return { method: 'POST', url, fields, key, expiresInSeconds: UPLOAD_URL_TTL_SECONDS, maxBytes };
  },

  async startMultipart({ key, contentType }) {
    const out = await (await s3()).send(new (await sdk()).CreateMultipartUploadCommand({ Bucket: bucket(), Key: safe(key), ContentType: contentType }));
    if (!out.UploadId) throw new Error('CreateMultipartUpload returned no upload id');
    return out.UploadId;
  },

  async partUrls({ key, uploadId, parts }) {
    const signed = await Promise.all(parts.map(async ({ partNumber, size }) => ({
      partNumber,
      size,
      // ContentLength is a signed header: S3 refuses a part of any other size.
      url: await (await presignUrl())(
        await s3(),
        new (await sdk()).UploadPartCommand({ Bucket: bucket(), Key: safe(key), UploadId: uploadId, PartNumber: partNumber, ContentLength: size }),
        { expiresIn: UPLOAD_URL_TTL_SECONDS, signableHeaders: new Set(['content-length']) },
      ),
    })));
    return { parts: signed, expiresInSeconds: UPLOAD_URL_TTL_SECONDS };
  },

  async listParts({ key, uploadId }) {
    const parts: { partNumber: number; size: number; etag: string }[] = [];
    let marker: string | undefined;
    try {
      do {
        const out = await (await s3()).send(new (await sdk()).ListPartsCommand({ Bucket: bucket(), Key: safe(key), UploadId: uploadId, PartNumberMarker: marker }));
        for (const p of out.Parts ?? []) parts.push({ partNumber: p.PartNumber ?? 0, size: p.Size ?? 0, etag: (p.ETag ?? '').replace(/"/g, '') });
        marker = out.IsTruncated ? out.NextPartNumberMarker : undefined;
      } while (marker);
    } catch (e) {
      if (isNoSuchUpload(e)) return undefined;
      throw e;
    }
    return parts;
  },

  async completeMultipart({ key, uploadId, parts }) {
    await (await s3()).send(new (await sdk()).CompleteMultipartUploadCommand({
      Bucket: bucket(), Key: safe(key), UploadId: uploadId,
      MultipartUpload: { Parts: [...parts].sort((a, b) => a.partNumber - b.partNumber).map((p) => ({ PartNumber: p.partNumber, ETag: `"${p.etag.replace(/"/g, '')}"` })) },
    }));
  },

  async abortMultipart({ key, uploadId }) {
    try {
      await (await s3()).send(new (await sdk()).AbortMultipartUploadCommand({ Bucket: bucket(), Key: safe(key), UploadId: uploadId }));
    } catch (e) {
      if (!isNoSuchUpload(e)) throw e;
    }
  },

  async describe(key) {
    try {
      const out = await (await s3()).send(new (await sdk()).HeadObjectCommand({ Bucket: bucket(), Key: safe(key) }));
      return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? '', etag: (out.ETag ?? '').replace(/"/g, '') };
    } catch (e) {
      if ((e as { name?: string }).name === 'NotFound' || statusOf(e) === 404) return undefined;
      throw e;
    }
  },

  async remove(key) {
    await (await s3()).send(new (await sdk()).DeleteObjectCommand({ Bucket: bucket(), Key: safe(key) }));
  },

  async list({ prefix, maxResults, cursor }) {
    if (!ListMaxResults.safeParse(maxResults).success) throw new DomainError('invalid_argument', 400, 'maxResults must be 1 to 1000');
    // A prefix is a key's folder: the same rules, with its trailing '/'.
    if (!prefix.endsWith('/') || !isSafeKey(prefix.slice(0, -1))) throw new DomainError('invalid_argument', 400, 'Not a valid storage path');
    const out = await (await s3()).send(new (await sdk()).ListObjectsV2Command({ Bucket: bucket(), Prefix: prefix, MaxKeys: maxResults, ContinuationToken: cursor }));
    return {
      items: (out.Contents ?? []).map((o) => ({ key: o.Key ?? '', size: o.Size ?? 0, ...(o.LastModified ? { lastModified: o.LastModified.toISOString() } : {}) })),
      ...(out.IsTruncated && out.NextContinuationToken ? { cursor: out.NextContinuationToken } : {}),
    };
  },

  async viewUrl(key) {
    return (await presignUrl())(await s3(), new (await sdk()).GetObjectCommand({ Bucket: bucket(), Key: safe(key) }), { expiresIn: VIEW_URL_TTL_SECONDS });
  },

  publicUrl(key) {
    if (!key.startsWith('public/') || !isSafeKey(key)) throw new Error(`not a public key: ${key}`);
    return `/${key}`;
  },
};

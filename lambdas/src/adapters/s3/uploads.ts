import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NotFound, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { config } from '../../config';
import type { UploadStore } from '../../ports/uploads';

let client: S3Client | undefined;

function s3(): S3Client {
  if (!client) {
    const { AWS_REGION, S3_ENDPOINT } = config();
    // Emulators answer on a path, not on bucket subdomains.
    client = new S3Client({ region: AWS_REGION, endpoint: S3_ENDPOINT, forcePathStyle: Boolean(S3_ENDPOINT) });
  }
  return client;
}

const UPLOAD_URL_TTL_SECONDS = 300;
/** Trip photos are private: a screen gets links that work for this long. */
const VIEW_URL_TTL_SECONDS = 15 * 60;

/**
 * Presigned uploads to the uploads bucket. Objects under `public/` are served to browsers at
 * `/public/<rest>` (CloudFront behaviour in AWS, the gateway locally); everything else stays
 * private (driver licences).
 */
export const s3Uploads: UploadStore = {
  async createUploadUrl({ key, contentType, maxBytes }) {
    const url = await getSignedUrl(
      s3(),
      new PutObjectCommand({ Bucket: config().UPLOAD_BUCKET, Key: key, ContentType: contentType }),
      { expiresIn: UPLOAD_URL_TTL_SECONDS },
    );
    return { uploadUrl: url, headers: { 'content-type': contentType }, key, expiresInSeconds: UPLOAD_URL_TTL_SECONDS, maxBytes };
  },

  async describe(key) {
    try {
      const out = await s3().send(new HeadObjectCommand({ Bucket: config().UPLOAD_BUCKET, Key: key }));
      return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? '', etag: (out.ETag ?? '').replace(/"/g, '') };
    } catch (e) {
      if (e instanceof NotFound || (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
      throw e;
    }
  },

  async remove(key) {
    await s3().send(new DeleteObjectCommand({ Bucket: config().UPLOAD_BUCKET, Key: key }));
  },

  async viewUrl(key) {
    return getSignedUrl(s3(), new GetObjectCommand({ Bucket: config().UPLOAD_BUCKET, Key: key }), { expiresIn: VIEW_URL_TTL_SECONDS });
  },

  publicUrl(key) {
    if (!key.startsWith('public/')) throw new Error(`not a public key: ${key}`);
    return `/${key}`;
  },
};

import { GetObjectCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { checkPresignedUrl } from '../../../infra/local/s3-presigned-url';

const secretAccessKey = 'local-secret';
const client = new S3Client({ region: 'eu-west-1', endpoint: 'http://127.0.0.1:4003', forcePathStyle: true, credentials: { accessKeyId: 'AKID', secretAccessKey } });

/** What the local S3 sees of a request to `url`. */
function request(url: string, method: string, headers: Record<string, string> = {}) {
  const u = new URL(url);
  return { method, rawPath: u.pathname, rawQuery: u.search.slice(1), headers: { host: u.host, ...headers }, secretAccessKey, now: new Date() };
}

describe('presigned URL check of the local S3', () => {
  it('accepts a GET URL as the SDK signed it, and refuses it edited, expired, or under another secret', async () => {
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: 'uploads', Key: 'bookings/b1/pickup_image' }), { expiresIn: 300 });
    expect(checkPresignedUrl(request(url, 'GET'))).toEqual({ ok: true });
    expect(checkPresignedUrl(request(url.replace('/b1/', '/b2/'), 'GET'))).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
    expect(checkPresignedUrl(request(url, 'DELETE'))).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
    expect(checkPresignedUrl({ ...request(url, 'GET'), secretAccessKey: 'other' })).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
    expect(checkPresignedUrl({ ...request(url, 'GET'), now: new Date(Date.now() + 301_000) })).toMatchObject({ ok: false, code: 'AccessDenied' });
    expect(checkPresignedUrl(request(url.replace('X-Amz-Expires=300', 'X-Amz-Expires=9000'), 'GET'))).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
  });

  it('a part URL signed for its Content-Length refuses a part of another size', async () => {
    const url = await getSignedUrl(client, new UploadPartCommand({ Bucket: 'uploads', Key: 'a/b', UploadId: 'u1', PartNumber: 2, ContentLength: 10 }), { expiresIn: 300, signableHeaders: new Set(['content-length']) });
    expect(checkPresignedUrl(request(url, 'PUT', { 'content-length': '10' }))).toEqual({ ok: true });
    expect(checkPresignedUrl(request(url, 'PUT', { 'content-length': '11' }))).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
    expect(checkPresignedUrl(request(url.replace('partNumber=2', 'partNumber=3'), 'PUT', { 'content-length': '10' }))).toMatchObject({ ok: false });
  });

  it('refuses a URL without its X-Amz-* parameters', () => {
    expect(checkPresignedUrl(request('http://127.0.0.1:4003/uploads/a?X-Amz-Algorithm=AWS4-HMAC-SHA256', 'GET'))).toMatchObject({ ok: false, status: 400 });
  });
});

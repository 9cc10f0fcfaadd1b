import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkPostPolicy } from '../../../infra/local/s3-post-policy';

const secretAccessKey = 'local-secret';
let fields: Record<string, string>;

beforeAll(async () => {
  // The AWS SDK's own signer makes the form, as the upload adapter does (signing needs no network).
  const client = new S3Client({ region: 'eu-west-1', endpoint: 'http://127.0.0.1:9', forcePathStyle: true, credentials: { accessKeyId: 'AKID', secretAccessKey } });
  ({ fields } = await createPresignedPost(client, {
    Bucket: 'uploads', Key: 'public/users/u1/profileImage', Fields: { 'Content-Type': 'image/png' },
    Conditions: [['eq', '$Content-Type', 'image/png'], ['content-length-range', 1, 100]], Expires: 300,
  }));
});

const check = (overrides: Partial<Parameters<typeof checkPostPolicy>[0]> = {}) =>
  checkPostPolicy({ fields, fileSize: 50, bucket: 'uploads', secretAccessKey, now: new Date(), ...overrides });

describe('S3 POST policy check of the local S3', () => {
  it('accepts the form the SDK signed, with its file in range', () => {
    expect(check()).toEqual({ ok: true });
    expect(check({ fileSize: 1 })).toEqual({ ok: true });
    expect(check({ fileSize: 100 })).toEqual({ ok: true });
  });

  it('refuses a file outside content-length-range', () => {
    expect(check({ fileSize: 101 })).toMatchObject({ ok: false, status: 400, code: 'EntityTooLarge' });
    expect(check({ fileSize: 0 })).toMatchObject({ ok: false, status: 400, code: 'EntityTooSmall' });
  });

  it('refuses another key, type or bucket, and fields the policy does not name', () => {
    expect(check({ fields: { ...fields, key: 'public/users/u2/profileImage' } })).toMatchObject({ ok: false, status: 403, code: 'AccessDenied' });
    expect(check({ fields: { ...fields, 'Content-Type': 'text/html' } })).toMatchObject({ ok: false, status: 403 });
    expect(check({ bucket: 'other' })).toMatchObject({ ok: false, status: 403 });
    const extra = check({ fields: { ...fields, 'x-amz-meta-owner': 'me' } });
    expect(extra).toMatchObject({ ok: false, status: 403 });
    expect(!extra.ok && extra.message).toContain('Extra input fields: x-amz-meta-owner');
    // S3 lets x-ignore- fields through.
    expect(check({ fields: { ...fields, 'x-ignore-note': 'n' } })).toEqual({ ok: true });
  });

  it('refuses an expired policy, a policy signed with another secret, an edited policy and no policy', () => {
    expect(check({ now: new Date(Date.now() + 301_000) })).toMatchObject({ ok: false, code: 'AccessDenied' });
    expect(check({ secretAccessKey: 'other' })).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
    const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8'));
    policy.expiration = new Date(Date.now() + 86_400_000).toISOString();
    expect(check({ fields: { ...fields, Policy: Buffer.from(JSON.stringify(policy)).toString('base64') } })).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
    const { Policy: _, ...unsigned } = fields;
    expect(check({ fields: unsigned })).toMatchObject({ ok: false, status: 403 });
  });

  it('matches field names in any case, as S3 does', () => {
    const lower = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.toLowerCase(), v]));
    expect(check({ fields: lower })).toEqual({ ok: true });
  });
});

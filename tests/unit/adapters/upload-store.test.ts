import { beforeAll, describe, expect, it } from 'vitest';
import type { UploadStore } from '../../../lambdas/src/ports/uploads';

let store: UploadStore;
beforeAll(async () => {
  Object.assign(process.env, {
    TABLE_NAME: process.env.TABLE_NAME ?? 't', UPLOAD_BUCKET: 'uploads-test', S3_ENDPOINT: 'http://127.0.0.1:9',
    AWS_ACCESS_KEY_ID: 'AKIDTEST', AWS_SECRET_ACCESS_KEY: 'secret', AWS_REGION: 'us-east-1',
  });
  (await import('../../../lambdas/src/config')).resetConfig();
  store = (await import('../../../lambdas/src/adapters/s3/uploads')).s3Uploads;
});

describe('S3 uploads adapter (no network: signing and validation only)', () => {
  it('a POST ticket\'s policy binds the exact key, the type and 1..maxBytes, for 5 minutes', async () => {
    const t = await store.createPostTicket({ key: 'public/users/u1/profileImage', contentType: 'image/png', maxBytes: 100 });
    expect(t.url).toBe('http://127.0.0.1:9/uploads-test');
    expect(t.fields).toMatchObject({ key: 'public/users/u1/profileImage', 'Content-Type': 'image/png', bucket: 'uploads-test' });
    const policy = JSON.parse(Buffer.from(t.fields.Policy!, 'base64').toString('utf8'));
    expect(policy.conditions).toEqual(expect.arrayContaining([{ key: 'public/users/u1/profileImage' }, ['eq', '$Content-Type', 'image/png'], ['content-length-range', 1, 100]]));
    const ttl = Date.parse(policy.expiration) - Date.now();
    expect(ttl).toBeGreaterThan(250_000);
    expect(ttl).toBeLessThanOrEqual(300_000);
  });

  it('part URLs sign the part\'s Content-Length', async () => {
    const { parts } = await store.partUrls({ key: 'bookings/b1/pickup_image', uploadId: 'u', parts: [{ partNumber: 2, size: 1234 }] });
    const url = new URL(parts[0]!.url);
    expect(url.searchParams.get('partNumber')).toBe('2');
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-length');
  });

  it('refuses unsafe keys before asking S3', async () => {
    for (const key of ['a/../b', '/a', 'a//b', '']) {
      await expect(store.createPostTicket({ key, contentType: 'image/png', maxBytes: 1 })).rejects.toMatchObject({ code: 'invalid_argument', status: 400 });
      await expect(store.describe(key)).rejects.toMatchObject({ code: 'invalid_argument' });
    }
  });

  it('list takes maxResults 1..1000 only (spec §5 Storage rules) and a safe folder prefix', async () => {
    for (const maxResults of [0, -1, 1001, 1.5, Number.NaN]) {
      await expect(store.list({ prefix: 'private/licences/', maxResults })).rejects.toMatchObject({ code: 'invalid_argument', status: 400 });
    }
    for (const prefix of ['private/../', '/private/', 'private', '']) {
      await expect(store.list({ prefix, maxResults: 10 })).rejects.toMatchObject({ code: 'invalid_argument' });
    }
  });
});

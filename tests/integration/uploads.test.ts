import { beforeAll, describe, expect, it } from 'vitest';
import { planParts } from '../../shared/src/domain/upload-plan';
import { newDriver } from './support/drivers';
import { api, idToken } from './support/endpoints';
import { acceptedTrip, newRider, type TestRider } from './support/trips';
import { postForm, putPart } from './support/uploads';

/**
 * Uploads (spec §5 Storage rules, §9 Storage) against the running cloud: a POST form for small
 * files, parts for large ones, and the server's own check of every object before it is used. The
 * POST policy refuses a wrong key, type or size at S3 (the local emulator checks policies as S3
 * does), and nothing is saved.
 */

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');
const MiB = 1024 * 1024;

/** Bytes that start like a PNG (the server checks the stored type and size, not pixels). */
const fakeImage = (size: number) => { const b = Buffer.alloc(size, 7); PNG.copy(b, 0, 0, Math.min(PNG.length, size)); return b; };

async function signedUp(): Promise<string> {
  const n = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const body = { firstName: 'Una', lastName: 'Upload', email: `una-${n}@example.com`, password: 'Secret123', dialCode: '+44', phone: `7${String(Date.now()).slice(-8)}${n.length % 10}` };
  const res = await api('POST', '/auth/signup', { body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return idToken(body.email, body.password);
}

async function startLicence(size: number) {
  const res = await api('POST', '/auth/signup/license-upload', { body: { contentType: 'image/jpeg', size } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('presigned POST: key, type and size bound; the server checks before use', () => {
  let token: string;
  beforeAll(async () => { token = await signedUp(); });

  it('a ticket is a POST form whose policy names the key, the type and 1..5 MiB', async () => {
    const ticket = await api('POST', '/me/profile-image/upload-url', { token, body: { contentType: 'image/png', size: PNG.length } });
    expect(ticket.status).toBe(200);
    expect(ticket.body).toMatchObject({ method: 'POST', maxBytes: 5 * MiB });
    expect(ticket.body.fields.key).toBe(ticket.body.key);
    expect(ticket.body.fields['Content-Type']).toBe('image/png');
    const policy = JSON.parse(Buffer.from(ticket.body.fields.Policy, 'base64').toString('utf8'));
    expect(policy.conditions).toEqual(expect.arrayContaining([
      { key: ticket.body.key }, ['eq', '$Content-Type', 'image/png'], ['content-length-range', 1, 5 * MiB],
    ]));
    expect(Date.parse(policy.expiration) - Date.now()).toBeLessThanOrEqual(300_000);
  });

  it('a file of another type is refused by S3\'s policy and nothing is saved', async () => {
    const before = (await api('GET', '/me', { token })).body.profile_image;
    const ticket = await api('POST', '/me/profile-image/upload-url', { token, body: { contentType: 'image/png', size: 20 } });
    const post = await postForm(ticket.body, Buffer.from('<html>not an image</html>'), 'text/html', { 'Content-Type': 'text/html' });
    expect(post.status).toBe(403);
    expect(await post.text()).toContain('AccessDenied');
    expect((await api('POST', '/me/profile-image', { token, body: {} })).status).toBeGreaterThanOrEqual(400);
    expect((await api('GET', '/me', { token })).body.profile_image).toBe(before);
  });

  it('a file above the limit is refused by S3\'s policy and nothing is saved', async () => {
    const before = (await api('GET', '/me', { token })).body.profile_image;
    const ticket = await api('POST', '/me/profile-image/upload-url', { token, body: { contentType: 'image/png', size: 100 } });
    const post = await postForm(ticket.body, fakeImage(5 * MiB + 10), 'image/png');
    expect(post.status).toBe(400);
    expect(await post.text()).toContain('EntityTooLarge');
    expect((await api('POST', '/me/profile-image', { token, body: {} })).status).toBeGreaterThanOrEqual(400);
    expect((await api('GET', '/me', { token })).body.profile_image).toBe(before);
  });

  it('a ticket cannot be spent on another key, with extra fields, or with a forged policy', async () => {
    const ticket = await api('POST', '/me/profile-image/upload-url', { token, body: { contentType: 'image/png', size: PNG.length } });
    const otherKey = ticket.body.key.replace(/[^/]+$/, 'elsewhere');
    const moved = await postForm(ticket.body, PNG, 'image/png', { key: otherKey });
    expect(moved.status).toBe(403);
    const extra = await postForm(ticket.body, PNG, 'image/png', { 'x-amz-meta-owner': 'me' });
    expect(extra.status).toBe(403);
    const policy = JSON.parse(Buffer.from(ticket.body.fields.Policy, 'base64').toString('utf8'));
    policy.conditions = policy.conditions.map((c: unknown) => (Array.isArray(c) && c[0] === 'content-length-range' ? ['content-length-range', 1, 1e9] : c));
    const forged = await postForm(ticket.body, PNG, 'image/png', { Policy: Buffer.from(JSON.stringify(policy)).toString('base64') });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('SignatureDoesNotMatch');
    // The ticket itself still works, once.
    expect((await postForm(ticket.body, PNG, 'image/png')).status).toBeLessThan(300);
  });

  it('declared sizes above a kind\'s limit and unknown types are refused before any ticket', async () => {
    expect((await api('POST', '/me/profile-image/upload-url', { token, body: { contentType: 'image/png', size: 6 * MiB } })).status).toBe(400);
    expect((await api('POST', '/me/profile-image/upload-url', { token, body: { contentType: 'text/html', size: 10 } })).status).toBe(400);
    expect((await api('POST', '/auth/signup/license-upload', { body: { contentType: 'image/png', size: 21 * MiB } })).status).toBe(400);
  });
});

describe('multipart: large licences and photos in parts', () => {
  it('an 11 MB licence goes in 5 MiB-first parts, completes, and a driver signs up with it', async () => {
    const size = 11_000_000;
    const ticket = await startLicence(size);
    expect(ticket).toMatchObject({ method: 'MULTIPART', maxBytes: 20 * MiB });
    expect(ticket.partSizes).toEqual(planParts(size).map((p) => p.size));
    expect(ticket.partSizes[0]).toBe(5 * MiB);
    const file = fakeImage(size);
    const urls = await api('POST', '/auth/signup/license-upload/parts', { body: { key: ticket.key, uploadId: ticket.uploadId, size, partNumbers: ticket.partSizes.map((_: number, i: number) => i + 1) } });
    expect(urls.status, JSON.stringify(urls.body)).toBe(200);
    const plan = planParts(size);
    const etags = [];
    for (const p of urls.body.parts) {
      const part = plan[p.partNumber - 1]!;
      const put = await putPart(p.url, file.subarray(part.start, part.end));
      expect(put.status).toBe(200);
      etags.push({ partNumber: p.partNumber, etag: put.etag });
    }
    const done = await api('POST', '/auth/signup/license-upload/complete', { body: { key: ticket.key, uploadId: ticket.uploadId, parts: etags } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ key: ticket.key, size });

    const n = Date.now().toString(36);
    const signup = await api('POST', '/auth/signup', { body: {
      firstName: 'Lara', lastName: 'Licence', email: `lara-${n}@example.com`, password: 'Secret123', dialCode: '+44', phone: `7${String(Date.now()).slice(-9)}`,
      usertype: 'driver', licenseImage: ticket.key, vehicleMake: 'Make', vehicleModel: 'Model', vehicleNumber: 'AB12', carType: 'Economy',
    } });
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);
  });

  it('a part URL is signed for its exact size; parts beyond the plan are refused', async () => {
    const size = 6 * MiB;
    const ticket = await startLicence(size);
    const urls = await api('POST', '/auth/signup/license-upload/parts', { body: { key: ticket.key, uploadId: ticket.uploadId, size, partNumbers: [2] } });
    expect(urls.body.parts[0].size).toBe(1 * MiB);
    // Content-Length is a signed header: S3 refuses any other size.
    expect(new URL(urls.body.parts[0].url).searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-length');
    expect((await putPart(urls.body.parts[0].url, fakeImage(MiB + 1))).status).toBe(403);
    expect((await putPart(urls.body.parts[0].url.replace('partNumber=2', 'partNumber=1'), fakeImage(MiB))).status).toBe(403);
    expect((await putPart(urls.body.parts[0].url, fakeImage(MiB))).status).toBe(200);
    expect((await api('POST', '/auth/signup/license-upload/parts', { body: { key: ticket.key, uploadId: ticket.uploadId, size, partNumbers: [3] } })).status).toBe(400);
  });

  it('abort removes the upload: its parts can no longer be signed or completed', async () => {
    const ticket = await startLicence(6 * MiB);
    const abort = await api('POST', '/auth/signup/license-upload/abort', { body: { key: ticket.key, uploadId: ticket.uploadId } });
    expect(abort.status, JSON.stringify(abort.body)).toBe(200);
    expect((await api('POST', '/auth/signup/license-upload/parts', { body: { key: ticket.key, uploadId: ticket.uploadId, size: 6 * MiB, partNumbers: [1] } })).status).toBe(404);
    expect((await api('POST', '/auth/signup/license-upload/complete', { body: { key: ticket.key, uploadId: ticket.uploadId, parts: [{ partNumber: 1, etag: 'x' }] } })).status).toBe(404);
  });

  it('an upload id is bound to its key: it cannot be signed, completed or aborted under another key', async () => {
    const a = await startLicence(6 * MiB);
    const b = await startLicence(6 * MiB);
    const crossed = { key: b.key, uploadId: a.uploadId };
    expect((await api('POST', '/auth/signup/license-upload/parts', { body: { ...crossed, size: 6 * MiB, partNumbers: [1] } })).status).toBe(404);
    expect((await api('POST', '/auth/signup/license-upload/complete', { body: { ...crossed, parts: [{ partNumber: 1, etag: 'x' }] } })).status).toBe(404);
    expect((await api('POST', '/auth/signup/license-upload/abort', { body: crossed })).status).toBe(404);
    // Keys are the server's: a '..' or any other path is refused before storage is asked.
    for (const key of ['private/licences/../users/x/profileImage', 'public/users/x/profileImage', `/${a.key}`]) {
      expect((await api('POST', '/auth/signup/license-upload/abort', { body: { key, uploadId: a.uploadId } })).status).toBe(400);
    }
  });

  describe('trip photos', () => {
    let rider: TestRider;
    beforeAll(async () => { rider = await newRider(); });

    it('only the trip\'s driver continues its photo upload; another driver\'s upload id is not this photo\'s', async () => {
      const { driver, booking: trip } = await acceptedTrip(rider);
      await api('POST', `/bookings/${trip.id}/arrive`, { token: driver.token, body: {} });
      const size = 7 * MiB;
      const base = `/bookings/${trip.id}/photos/pickup_image`;
      const ticket = await api('POST', `${base}/upload-url`, { token: driver.token, body: { contentType: 'image/png', size } });
      expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
      expect(ticket.body).toMatchObject({ method: 'MULTIPART', key: `bookings/${trip.id}/pickup_image` });
      const stranger = (await newDriver()).token;
      const uploadId = ticket.body.uploadId;
      expect((await api('POST', `${base}/upload-parts`, { token: stranger, body: { uploadId, size, partNumbers: [1] } })).status).toBe(404);
      expect((await api('POST', `${base}/upload-complete`, { token: stranger, body: { uploadId, parts: [{ partNumber: 1, etag: 'x' }] } })).status).toBe(404);
      expect((await api('POST', `${base}/upload-abort`, { token: stranger, body: { uploadId } })).status).toBe(404);
      // The same upload id under the other photo's key is not an upload of that photo.
      expect((await api('POST', `/bookings/${trip.id}/photos/deliver_image/upload-abort`, { token: driver.token, body: { uploadId } })).status).toBeGreaterThanOrEqual(404);

      const file = fakeImage(size);
      const urls = await api('POST', `${base}/upload-parts`, { token: driver.token, body: { uploadId, size, partNumbers: [1, 2] } });
      expect(urls.status, JSON.stringify(urls.body)).toBe(200);
      const plan = planParts(size);
      const parts = [];
      for (const p of urls.body.parts) parts.push({ partNumber: p.partNumber, etag: (await putPart(p.url, file.subarray(plan[p.partNumber - 1]!.start, plan[p.partNumber - 1]!.end))).etag });
      const done = await api('POST', `${base}/upload-complete`, { token: driver.token, body: { uploadId, parts } });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      const saved = await api('POST', base, { token: driver.token, body: {} });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const seen = await api('GET', `/bookings/${trip.id}`, { token: rider.token });
      const image = await fetch(seen.body.pickup_image);
      expect(image.status).toBe(200);
      expect((await image.arrayBuffer()).byteLength).toBe(size);
    });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MiB, planParts } from '../../../shared/src/domain/upload-plan';
import { abortUpload, completeUpload, createUploadParts, createUploadUrl } from '../../../lambdas/src/use-cases/create-upload-url';
import { isLicenceKey } from '../../../shared/src/domain/storage-keys';
import { joinKey, uploadKey } from '../../../lambdas/src/use-cases/upload-keys';
import { fakeUploads } from './uploads-fake';

const now = () => new Date('2026-01-01T00:00:00Z');
const UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('key builder', () => {
  it('makes the spec §7 paths', () => {
    expect(uploadKey({ kind: 'profileImage', uid: UUID }, now())).toBe(`public/users/${UUID}/profileImage`);
    expect(uploadKey({ kind: 'tripPhoto', bookingId: UUID, photo: 'deliver_image' }, now())).toBe(`bookings/${UUID}/deliver_image`);
    expect(isLicenceKey(uploadKey({ kind: 'licence' }, now()))).toBe(true);
    expect(uploadKey({ kind: 'carTypeImage' }, now())).toMatch(/^public\/cartypes\/[0-9a-f-]{36}$/);
  });

  it('refuses any id that would make an unsafe key, whatever it is', () => {
    fc.assert(fc.property(fc.string({ maxLength: 40 }), (uid) => {
      let key: string | undefined;
      try { key = uploadKey({ kind: 'profileImage', uid }, now()); } catch (e) { expect(e).toMatchObject({ code: 'invalid_argument', status: 400 }); return; }
      expect(key.includes('..')).toBe(false);
      expect(key.split('/')).toHaveLength(4);
    }), { numRuns: 1000 });
    for (const bad of ['..', '../x', 'a/b', '', '/']) expect(() => joinKey('public', 'users', bad, 'profileImage')).toThrow();
    expect(isLicenceKey('private/licences/../users/x')).toBe(false);
    // The key the server makes for a licence is the one shape a sign-up or a multipart route accepts.
    expect(isLicenceKey(uploadKey({ kind: 'licence' }, now()))).toBe(true);
    for (const bad of ['private/licences/missing', 'private/licences/1-x/../y', 'private/licences/1700000000000-0f8fad5b-d9cb-469f-a165-70867728950e/extra']) expect(isLicenceKey(bad)).toBe(false);
  });
});

describe('starting an upload', () => {
  it('up to 5 MiB: a POST ticket for the server\'s key with the kind\'s limit', async () => {
    const f = fakeUploads();
    const t = await createUploadUrl({ uploads: f.store, now }, { kind: 'profileImage', uid: UUID }, { contentType: 'image/png', size: 5 * MiB });
    expect(t).toMatchObject({ method: 'POST', key: `public/users/${UUID}/profileImage`, maxBytes: 5 * MiB });
  });

  it('above 5 MiB: a multipart upload with the planned part sizes', async () => {
    const f = fakeUploads();
    const t = await createUploadUrl({ uploads: f.store, now }, { kind: 'licence' }, { contentType: 'image/jpeg', size: 11 * MiB });
    expect(t.method).toBe('MULTIPART');
    if (t.method !== 'MULTIPART') return;
    expect(t.partSizes).toEqual([5 * MiB, 6 * MiB]);
    expect(f.calls).toEqual([`start ${t.key}`]);
  });

  it('above the kind\'s limit: refused', async () => {
    const f = fakeUploads();
    await expect(createUploadUrl({ uploads: f.store, now }, { kind: 'profileImage', uid: UUID }, { contentType: 'image/png', size: 6 * MiB })).rejects.toMatchObject({ code: 'upload_too_large' });
    expect(f.calls).toEqual([]);
  });
});

describe('parts, complete, abort', () => {
  const KEY = `bookings/${UUID}/pickup_image`;
  const started = async (size: number) => {
    const f = fakeUploads();
    const uploadId = await f.store.startMultipart({ key: KEY, contentType: 'image/png' });
    return { f, uploadId, size };
  };

  it('signs only parts of the plan, each for its size, and only for an open upload of this key', async () => {
    const { f, uploadId } = await started(11 * MiB);
    const urls = await createUploadParts({ uploads: f.store }, { key: KEY, maxBytes: 20 * MiB }, { uploadId, size: 11 * MiB, partNumbers: [2, 1, 2] });
    expect(urls.parts.map((p) => [p.partNumber, p.size])).toEqual([[2, 6 * MiB], [1, 5 * MiB]]);
    await expect(createUploadParts({ uploads: f.store }, { key: KEY, maxBytes: 20 * MiB }, { uploadId, size: 11 * MiB, partNumbers: [3] })).rejects.toMatchObject({ code: 'invalid_argument' });
    await expect(createUploadParts({ uploads: f.store }, { key: `bookings/${UUID}/deliver_image`, maxBytes: 20 * MiB }, { uploadId, size: 11 * MiB, partNumbers: [1] })).rejects.toMatchObject({ status: 404 });
    await expect(createUploadParts({ uploads: f.store }, { key: KEY, maxBytes: 20 * MiB }, { uploadId, size: 21 * MiB, partNumbers: [1] })).rejects.toMatchObject({ code: 'upload_too_large' });
    await expect(createUploadParts({ uploads: f.store }, { key: KEY, maxBytes: 20 * MiB }, { uploadId, size: 1000, partNumbers: [1] })).rejects.toMatchObject({ code: 'invalid_argument' });
  });

  it('completes when every named part is there; the object is checked after', async () => {
    const { f, uploadId } = await started(11 * MiB);
    const parts = planParts(11 * MiB).map((p) => ({ partNumber: p.partNumber, etag: f.putPart(uploadId, p.partNumber, p.size) }));
    expect(await completeUpload({ uploads: f.store }, { key: KEY, maxBytes: 20 * MiB }, { uploadId, parts })).toEqual({ key: KEY, size: 11 * MiB });
    expect(f.objects[KEY]).toEqual({ size: 11 * MiB, contentType: 'image/png' });
  });

  it('a total above the limit aborts the upload; a missing or changed part is refused', async () => {
    const { f, uploadId } = await started(11 * MiB);
    const parts = [1, 2, 3].map((n) => ({ partNumber: n, etag: f.putPart(uploadId, n, 8 * MiB) }));
    await expect(completeUpload({ uploads: f.store }, { key: KEY, maxBytes: 20 * MiB }, { uploadId, parts })).rejects.toMatchObject({ code: 'upload_too_large' });
    expect(f.calls).toContain(`abort ${KEY}`);
    expect(f.objects[KEY]).toBeUndefined();

    const second = await started(11 * MiB);
    second.f.putPart(second.uploadId, 1, 5 * MiB);
    await expect(completeUpload({ uploads: second.f.store }, { key: KEY, maxBytes: 20 * MiB }, { uploadId: second.uploadId, parts: [{ partNumber: 1, etag: 'other' }] })).rejects.toMatchObject({ code: 'invalid_argument' });
    await expect(completeUpload({ uploads: second.f.store }, { key: KEY, maxBytes: 20 * MiB }, { uploadId: second.uploadId, parts: [{ partNumber: 2, etag: 'etag-2' }] })).rejects.toMatchObject({ code: 'invalid_argument' });
  });

  it('an assembled object of another type is removed and refused', async () => {
    const f = fakeUploads();
    const uploadId = await f.store.startMultipart({ key: KEY, contentType: 'text/html' });
    const parts = [{ partNumber: 1, etag: f.putPart(uploadId, 1, 6 * MiB) }];
    await expect(completeUpload({ uploads: f.store }, { key: KEY, maxBytes: 20 * MiB }, { uploadId, parts })).rejects.toMatchObject({ code: 'validation_error' });
    expect(f.objects[KEY]).toBeUndefined();
  });

  it('abort needs the upload to be this key\'s', async () => {
    const { f, uploadId } = await started(6 * MiB);
    await expect(abortUpload({ uploads: f.store }, `bookings/${UUID}/deliver_image`, uploadId)).rejects.toMatchObject({ status: 404 });
    expect(await abortUpload({ uploads: f.store }, KEY, uploadId)).toEqual({ aborted: true });
    await expect(abortUpload({ uploads: f.store }, KEY, uploadId)).rejects.toMatchObject({ status: 404 });
  });
});

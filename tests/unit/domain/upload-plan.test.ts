import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeKey } from '../../../shared/src/domain/storage-keys';
import { isRetryableStatus, MAX_PART_BYTES, MiB, MIN_PART_BYTES, planParts, retryDelayMs, UPLOAD_LIMITS, usesMultipart } from '../../../shared/src/domain/upload-plan';

describe('part plan (spec §9: doubling chunks up to 32 MB, S3 parts of at least 5 MiB)', () => {
  it('covers the file exactly, in order, 5 MiB first, doubling, never above 32 MiB, only the last smaller', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 200 * MiB }), (size) => {
      const parts = planParts(size);
      expect(parts[0]!.start).toBe(0);
      expect(parts.at(-1)!.end).toBe(size);
      parts.forEach((p, i) => {
        expect(p.partNumber).toBe(i + 1);
        expect(p.size).toBe(p.end - p.start);
        if (i > 0) expect(p.start).toBe(parts[i - 1]!.end);
        expect(p.size).toBeLessThanOrEqual(MAX_PART_BYTES);
        if (i < parts.length - 1) expect(p.size).toBe(Math.min(MIN_PART_BYTES * 2 ** i, MAX_PART_BYTES));
      });
    }));
  });

  it('examples: 11 MB is 5 MiB + the rest; 20 MiB is 5 + 10 + 5; 100 MiB reaches 32 MiB parts', () => {
    expect(planParts(11_000_000).map((p) => p.size)).toEqual([5 * MiB, 11_000_000 - 5 * MiB]);
    expect(planParts(20 * MiB).map((p) => p.size / MiB)).toEqual([5, 10, 5]);
    expect(planParts(100 * MiB).map((p) => p.size / MiB)).toEqual([5, 10, 20, 32, 32, 1]);
    expect(() => planParts(0)).toThrow();
  });

  it('one POST up to 5 MiB, parts above; images never need parts', () => {
    expect(usesMultipart(5 * MiB)).toBe(false);
    expect(usesMultipart(5 * MiB + 1)).toBe(true);
    expect(usesMultipart(UPLOAD_LIMITS.profileImage)).toBe(false);
    expect(usesMultipart(UPLOAD_LIMITS.tripPhoto)).toBe(true);
  });

  it('retries network errors, 408, 429 and 5xx only, with growing capped delays', () => {
    for (const s of [0, 408, 429, 500, 503, 599]) expect(isRetryableStatus(s)).toBe(true);
    for (const s of [200, 400, 401, 403, 404, 409, 413]) expect(isRetryableStatus(s)).toBe(false);
    expect(retryDelayMs(1, () => 0)).toBe(1000);
    expect(retryDelayMs(3, () => 0)).toBe(4000);
    expect(retryDelayMs(20, () => 0)).toBe(32_000);
    expect(retryDelayMs(2, () => 1)).toBe(2400);
  });
});

describe('storage keys (spec §5 Storage rules)', () => {
  it('accepts the keys the product makes', () => {
    for (const k of ['public/users/0f8fad5b-d9cb-469f-a165-70867728950e/profileImage', 'private/licences/1700000000000-0f8fad5b-d9cb-469f-a165-70867728950e', 'bookings/abc/pickup_image', 'public/cartypes/x.png']) {
      expect(isSafeKey(k), k).toBe(true);
    }
  });

  it('refuses .., leading or trailing /, empty segments, and characters outside the safe set', () => {
    for (const k of ['', '..', 'a/../b', 'a/..', '../a', '/a', 'a/', 'a//b', 'a/./b', 'a/.b', 'a/b.', 'a\\b', 'a b', 'a/%2e%2e', 'a?b', 'a#b', 'ä', 'a/b\u0000', 'x'.repeat(600)]) {
      expect(isSafeKey(k), JSON.stringify(k)).toBe(false);
    }
  });

  it('no key it accepts contains "..", starts with "/" or has an empty segment (any string)', () => {
    fc.assert(fc.property(fc.string({ maxLength: 80 }), (k) => {
      if (!isSafeKey(k)) return;
      expect(k.includes('..')).toBe(false);
      expect(k.startsWith('/')).toBe(false);
      expect(k.split('/').every((s) => s.length > 0)).toBe(true);
      expect(/^[A-Za-z0-9_./-]+$/.test(k)).toBe(true);
    }), { numRuns: 2000 });
    fc.assert(fc.property(fc.array(fc.constantFrom('a', 'B', '0', '_', '-', '.', '/'), { maxLength: 20 }), (chars) => {
      const k = chars.join('');
      if (isSafeKey(k)) expect(k.includes('..') || k.startsWith('/') || k.includes('//')).toBe(false);
    }), { numRuns: 2000 });
  });
});

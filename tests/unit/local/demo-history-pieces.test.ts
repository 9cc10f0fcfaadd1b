import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../infra/local/demo-history/seeded-random';
import { zonedParts, zonedTime } from '../../../infra/local/demo-history/zoned-time';
import { documentPicture } from '../../../infra/local/document-picture';
import { parcelPhoto } from '../../../scripts/simulate/parcel-photo';

/** Reads a PNG's size and its pixels back (8-bit truecolour, filter 0 rows: what parcelPhoto writes). */
function decode(png: Buffer) {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  let at = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (at < png.length) {
    const len = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8).toString('ascii');
    const data = png.subarray(at + 8, at + 8 + len);
    if (type === 'IHDR') { width = data.readUInt32BE(0); height = data.readUInt32BE(4); }
    if (type === 'IDAT') idat.push(data);
    at += len + 12;
  }
  return { width, height, raw: inflateSync(Buffer.concat(idat)) };
}

/** The distinct colours of a decoded picture (each row starts with its filter byte). */
function coloursOf(width: number, height: number, raw: Buffer): Set<number> {
  const colours = new Set<number>();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * (width * 3 + 1) + 1 + x * 3;
      colours.add((raw[i]! << 16) | (raw[i + 1]! << 8) | raw[i + 2]!);
    }
  }
  return colours;
}

describe('the simulated driver\'s parcel photos', () => {
  it('are real pictures: 320 x 240, thousands of colours, different per scene and per trip, the same for the same trip', () => {
    const pickup = parcelPhoto('pickup', 'BKAAAA1111');
    const drop = parcelPhoto('delivery', 'BKAAAA1111');
    const { width, height, raw } = decode(drop);
    expect([width, height]).toEqual([320, 240]);
    const colours = coloursOf(width, height, raw);
    expect(colours.size).toBeGreaterThan(1000);
    expect(pickup.equals(drop)).toBe(false);
    expect(parcelPhoto('delivery', 'BKBBBB2222').equals(drop)).toBe(false);
    expect(parcelPhoto('delivery', 'BKAAAA1111').equals(drop)).toBe(true);
    expect(drop.length).toBeLessThan(5 * 1024 * 1024); // one presigned POST
  });
});

describe('the history\'s seeded random source and the operator\'s wall clock', () => {
  it('gives the same numbers for a seed and others for another seed', () => {
    const a = seededRandom(21);
    const b = seededRandom(21);
    const c = seededRandom(22);
    const seq = (r: ReturnType<typeof seededRandom>) => Array.from({ length: 20 }, () => r.next());
    const first = seq(a);
    expect(seq(b)).toEqual(first);
    expect(seq(c)).not.toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('names San Francisco\'s wall-clock times across both daylight-saving rules', () => {
    expect(new Date(zonedTime('America/Los_Angeles', 2026, 11, 26, 8, 30)).toISOString()).toBe('2026-11-26T16:30:00.000Z');
    expect(new Date(zonedTime('America/Los_Angeles', 2026, 7, 1, 8, 30)).toISOString()).toBe('2026-07-01T15:30:00.000Z');
    expect(zonedParts(Date.parse('2026-11-27T05:00:00Z'), 'America/Los_Angeles')).toMatchObject({ day: 26, hour: 21, weekday: 4 });
  });
});

describe('the demo drivers\' document pictures', () => {
  it('are pictures of a document, not one colour: ID-card sized, many colours, each type its own, the same for the same driver', () => {
    const licence = documentPicture('licence', 'driver-1');
    const { width, height, raw } = decode(licence);
    expect([width, height]).toEqual([340, 214]);
    const colours = coloursOf(width, height, raw);
    expect(colours.size).toBeGreaterThan(500); // the old picture was one red pixel
    expect(documentPicture('insurance', 'driver-1').equals(licence)).toBe(false);
    expect(documentPicture('licence', 'driver-2').equals(licence)).toBe(false);
    expect(documentPicture('licence', 'driver-1').equals(licence)).toBe(true);
    expect(licence.length).toBeLessThan(5 * 1024 * 1024); // one presigned POST
  });
});

import { describe, expect, it } from 'vitest';
import { distance, distanceKm, isWithinRadius, KM_PER_MILE, pathDistance } from '../../../shared/src/domain/distance';

const london = { lat: 51.5074, lng: -0.1278 };
const paris = { lat: 48.8566, lng: 2.3522 };

describe('§9 distance (great-circle miles × 1.609344 = km)', () => {
  it('is 0 for the same point', () => {
    expect(distanceKm(london, london)).toBe(0);
  });

  it('London–Paris is about 344 km', () => {
    expect(distanceKm(london, paris)).toBeGreaterThan(340);
    expect(distanceKm(london, paris)).toBeLessThan(346);
  });

  it('one degree of latitude is 60 × 1.1515 miles', () => {
    const km = distanceKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 });
    expect(km / KM_PER_MILE).toBeCloseTo(69.09, 6);
  });

  it('is symmetric', () => {
    expect(distanceKm(paris, london)).toBeCloseTo(distanceKm(london, paris), 9);
  });

  it('convertToMile divides km by 1.609344', () => {
    expect(distance(london, paris, { convertToMile: true })).toBeCloseTo(distanceKm(london, paris) / 1.609344, 9);
    expect(distance(london, paris)).toBe(distanceKm(london, paris));
  });

  it.each([
    [[], 0],
    [[london], 0],
  ])('a path of %j points is 0', (points, expected) => {
    expect(pathDistance(points)).toBe(expected);
  });

  it('a path sums its legs', () => {
    const mid = { lat: 50, lng: 1 };
    expect(pathDistance([london, mid, paris])).toBeCloseTo(distanceKm(london, mid) + distanceKm(mid, paris), 9);
    expect(pathDistance([london, mid, paris], { convertToMile: true })).toBeCloseTo(pathDistance([london, mid, paris]) / KM_PER_MILE, 9);
  });

  it('driver radius defaults to 10', () => {
    const near = { lat: london.lat + 0.05, lng: london.lng };
    const far = { lat: london.lat + 0.2, lng: london.lng };
    expect(isWithinRadius(london, near)).toBe(true);
    expect(isWithinRadius(london, far)).toBe(false);
    // 0.2° ≈ 22 km ≈ 13.8 miles: outside 10 either way, inside 15 miles
    expect(isWithinRadius(london, far, 15, { convertToMile: true })).toBe(true);
  });
});

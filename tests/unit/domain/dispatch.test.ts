import { describe, expect, it } from 'vitest';
import { bookLaterTimes, DISPATCH_DEFAULTS, dispatchPolicy, pickBatch, roundRadiusKm, toDistanceUnit } from '../../../shared/src/domain/dispatch';
import { KM_PER_MILE } from '../../../shared/src/domain/distance';
import { makeBookingId } from '../../../shared/src/domain/codes';
import { parseLatLng } from '../../../shared/src/domain/route-sampling';

describe('dispatch policy', () => {
  it('defaults to 3 drivers a round, 30 s offers, 3 rounds, a 10-minute Book Later lead and the spec radius of 10', () => {
    expect(dispatchPolicy({})).toEqual({ batchSize: 3, offerSeconds: 30, rounds: 3, bookLaterLeadMinutes: 10, radiusKm: 10, unit: 'km', autoDispatch: true, documents: { mandatory: [], timeZone: 'UTC' } });
    expect(DISPATCH_DEFAULTS.batchSize).toBe(3);
  });

  it('reads the radius in miles when convert_to_mile is on', () => {
    const p = dispatchPolicy({ driverRadius: 5, convert_to_mile: true });
    expect(p.radiusKm).toBeCloseTo(5 * KM_PER_MILE);
    expect(p.unit).toBe('mile');
    expect(toDistanceUnit(KM_PER_MILE * 2, 'mile')).toBe(2);
  });

  it('ignores nonsense settings', () => {
    expect(dispatchPolicy({ dispatchBatchSize: 0, offerSeconds: -3, dispatchRounds: Number.NaN, driverRadius: 0 })).toMatchObject({ batchSize: 3, offerSeconds: 30, rounds: 3, radiusKm: 10 });
    expect(dispatchPolicy({ autoDispatch: false }).autoDispatch).toBe(false);
  });
});

describe('rounds', () => {
  const policy = { radiusKm: 9, rounds: 3, batchSize: 2 };
  const d = (uid: string, distanceKm: number) => ({ uid, distanceKm });

  it('widens the radius round by round up to the full radius', () => {
    expect([1, 2, 3, 4].map((r) => roundRadiusKm(policy, r))).toEqual([3, 6, 9, 9]);
  });

  it('asks the nearest new drivers within the round\'s radius first', () => {
    const sorted = [d('a', 1), d('b', 2), d('c', 2.5), d('e', 7)];
    expect(pickBatch(sorted, new Set(), policy, 1).map((c) => c.uid)).toEqual(['a', 'b']);
    expect(pickBatch(sorted, new Set(['a', 'b']), policy, 1).map((c) => c.uid)).toEqual(['c']);
    expect(pickBatch(sorted, new Set(['a', 'b', 'c']), policy, 2).map((c) => c.uid)).toEqual(['e']);
  });

  it('falls back to the nearest within the full radius rather than wasting a round, and never beyond it', () => {
    expect(pickBatch([d('far', 8), d('farther', 12)], new Set(), policy, 1).map((c) => c.uid)).toEqual(['far']);
    expect(pickBatch([d('out', 9.5)], new Set(), policy, 3)).toEqual([]);
  });

  it('starts Book Later dispatch a lead time before the trip and gives up 30 minutes after it', () => {
    expect(bookLaterTimes(10_000_000, { bookLaterLeadMinutes: 10 })).toEqual({ dispatchAt: 10_000_000 - 600_000, giveUpAt: 10_000_000 + 1_800_000 });
  });
});

describe('ids and points', () => {
  it('makes readable booking ids without look-alike characters', () => {
    const ids = Array.from({ length: 200 }, () => makeBookingId());
    for (const id of ids) expect(id).toMatch(/^BK[A-HJ-NP-Z2-9]{8}$/);
    expect(new Set(ids).size).toBe(200);
  });

  it('parses "lat,lng" and refuses what is out of range', () => {
    expect(parseLatLng(' 37.5, -122.25 ')).toEqual({ lat: 37.5, lng: -122.25 });
    expect(parseLatLng('91,0')).toBeNull();
    expect(parseLatLng('0,181')).toBeNull();
    expect(parseLatLng('abc')).toBeNull();
  });
});

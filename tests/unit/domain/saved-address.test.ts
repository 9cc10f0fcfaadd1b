import { describe, expect, it } from 'vitest';
import { recordDrop, type SavedAddress } from '../../../shared/src/domain/saved-address';

const home: SavedAddress = { description: 'Home', lat: 40.0, lng: -3.0, count: 2 };
const work: SavedAddress = { description: 'Work', lat: 40.1, lng: -3.1, count: 1 };

describe('§9 saved-address match threshold 0.1', () => {
  it('raises the count of a saved address within 0.1 km', () => {
    // 0.0005° latitude ≈ 56 m
    const result = recordDrop([home, work], { lat: 40.0005, lng: -3.0, add: 'Near home' });
    expect(result).toEqual([{ ...home, count: 3 }, work]);
  });

  it('appends a new address with count 1 when none is close', () => {
    // 0.001° latitude ≈ 111 m, just outside 0.1 km
    const drop = { lat: 40.001, lng: -3.0, add: 'Cafe' };
    expect(recordDrop([home, work], drop)).toEqual([home, work, { description: 'Cafe', lat: 40.001, lng: -3.0, count: 1 }]);
  });

  it('starts a list from nothing', () => {
    expect(recordDrop([], { lat: 1, lng: 2, add: 'X' })).toEqual([{ description: 'X', lat: 1, lng: 2, count: 1 }]);
  });

  it('measures in miles when convert_to_mile is on', () => {
    // ≈ 0.111 km = 0.069 miles: outside 0.1 km, inside 0.1 miles
    const drop = { lat: 40.001, lng: -3.0, add: 'Cafe' };
    expect(recordDrop([home], drop, { convertToMile: true })).toEqual([{ ...home, count: 3 }]);
  });

  it('picks the nearest of several matches and does not mutate the input', () => {
    const a: SavedAddress = { description: 'A', lat: 10, lng: 10, count: 1 };
    const c: SavedAddress = { description: 'C', lat: 10.0002, lng: 10, count: 1 };
    const input = [a, c];
    const result = recordDrop(input, { lat: 10.00018, lng: 10, add: 'x' });
    expect(result.map((s) => s.count)).toEqual([1, 2]);
    expect(input[1]!.count).toBe(1);
  });
});

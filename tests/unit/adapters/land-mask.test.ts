import { describe, expect, it } from 'vitest';
import { buildLandMask, COAST_TOLERANCE_KM, LAKE_SHORE_KM, loadLandMask } from '../../../lambdas/src/adapters/geo/land-mask';
import { offlineGeo } from '../../../lambdas/src/adapters/geo/offline-geo';

describe('buildLandMask', () => {
  // A 10° square island with a 4° square lagoon in it.
  const mask = buildLandMask([
    [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]],
    [[3, 3], [3, 7], [7, 7], [7, 3], [3, 3]],
  ]);

  it('tells land, a hole in it and the water around it apart', () => {
    expect(mask.inside({ lat: 1, lng: 1 })).toBe(true);
    expect(mask.inside({ lat: 5, lng: 5 })).toBe(false); // the lagoon
    expect(mask.inside({ lat: 5, lng: 12 })).toBe(false);
    expect(mask.inside({ lat: -1, lng: 5 })).toBe(false);
  });

  it('counts a lake as water only beyond its uncertain shore', () => {
    const kmPerDeg = 111.32;
    // A 1° lake in the island's north-east, with a small islet in it.
    const withLake = buildLandMask(
      [[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]],
      [[[8, 8], [9, 8], [9, 9], [8, 9], [8, 8]], [[8.4, 8.4], [8.4, 8.6], [8.6, 8.6], [8.6, 8.4], [8.4, 8.4]]],
    );
    expect(withLake.onLand({ lat: 8.2, lng: 8.2 })).toBe(false); // well out on the lake
    expect(withLake.onLand({ lat: 8.5, lng: 8.5 })).toBe(true); // the islet
    expect(withLake.onLand({ lat: 8.5, lng: 8 + (LAKE_SHORE_KM * 0.5) / kmPerDeg })).toBe(true); // by the shore
    expect(withLake.onLand({ lat: 5, lng: 5 })).toBe(true); // the island's land
  });

  it('counts a point just off the coast as land, and one further out as water', () => {
    const kmPerDeg = 111.32;
    expect(mask.onLand({ lat: 5, lng: 10 + (COAST_TOLERANCE_KM * 0.8) / kmPerDeg })).toBe(true);
    expect(mask.onLand({ lat: 5, lng: 10 + (COAST_TOLERANCE_KM * 1.5) / kmPerDeg })).toBe(false);
  });
});

// Reading and indexing the 1:10m polygons takes a few seconds on a busy machine.
describe('the offline land mask (Natural Earth 1:10m land)', { timeout: 60_000 }, () => {
  const at = async (lat: number, lng: number) => (await loadLandMask()).onLand({ lat, lng });

  it('refuses the open sea, a bay and an enclosed sea', async () => {
    expect(await at(37.7, -123.2)).toBe(false); // Pacific, off the Golden Gate
    expect(await at(37.75, -122.33)).toBe(false); // San Francisco Bay
    expect(await at(38, 5)).toBe(false); // Mediterranean
    expect(await at(40, -40)).toBe(false); // mid-Atlantic
    expect(await at(42, 50.5)).toBe(false); // Caspian
  });

  it('accepts inland cities', async () => {
    expect(await at(40.4168, -3.7038)).toBe(true); // Madrid
    expect(await at(48.8566, 2.3522)).toBe(true); // Paris
    expect(await at(37.7749, -122.4194)).toBe(true); // San Francisco
  });

  it('accepts the waterfront: a pier, a beach, a harbour', async () => {
    expect(await at(37.7955, -122.3937)).toBe(true); // Ferry Building, San Francisco
    expect(await at(37.7594, -122.5107)).toBe(true); // Ocean Beach, San Francisco
    expect(await at(43.695, 7.265)).toBe(true); // Promenade des Anglais, Nice
    expect(await at(-33.8568, 151.2153)).toBe(true); // Sydney Opera House
  });

  it('refuses a lake, and keeps its shore, its islands and a park pond', async () => {
    expect(await at(43.5, -87)).toBe(false); // Lake Michigan
    expect(await at(39.09, -120.04)).toBe(false); // Lake Tahoe
    expect(await at(46.45, 6.55)).toBe(false); // Lake Geneva
    expect(await at(41.8917, -87.6086)).toBe(true); // Navy Pier, Chicago
    expect(await at(46.2044, 6.1432)).toBe(true); // Geneva, by the lake
    expect(await at(37.8024, -122.257)).toBe(true); // Lake Merritt, Oakland: a city lake narrower than the data's error
    expect(await at(47.99, -88.9)).toBe(true); // Isle Royale, Lake Superior
  });

  it('checks a point in well under a millisecond', async () => {
    const mask = await loadLandMask();
    const n = 20_000;
    const started = performance.now();
    for (let i = 0; i < n; i++) mask.onLand({ lat: -60 + ((i * 7919) % 130), lng: -180 + ((i * 104729) % 360) });
    expect((performance.now() - started) / n).toBeLessThan(1);
  });
});

describe('offlineGeo at sea', { timeout: 60_000 }, () => {
  it('has no place for coordinates at sea, and keeps those on land', async () => {
    expect(await offlineGeo.onLand({ lat: 37.75, lng: -122.33 })).toBe(false);
    expect(await offlineGeo.placeCoords('pt:37.75,-122.33')).toBeUndefined();
    expect(await offlineGeo.autocomplete('37.75, -122.33')).toEqual([]);
    expect(await offlineGeo.placeCoords('pt:37.7749,-122.4194')).toMatchObject({ coords: { lat: 37.7749, lng: -122.4194 } });
    expect(await offlineGeo.autocomplete('37.7749, -122.4194')).toHaveLength(1);
  });
});

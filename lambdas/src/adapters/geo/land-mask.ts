import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Topology, GeometryCollection } from 'topojson-specification';
import { feature } from 'topojson-client';
import type { LatLng } from '../../../../shared/src/domain/distance';

/**
 * Land or water without any network, for the offline gazetteer: Natural Earth's 1:10m land
 * polygons (the `world-atlas` package the offline map draws from) with the seas and the Caspian as
 * water, and OpenStreetMap's lakes as generalised by the geo-maps project to 1 km
 * (`@geo-maps/earth-lakes-1km`, data under the ODbL). Nobody is picked up at sea or on a lake.
 */

/**
 * The 1:10m coast is generalised and quantised to a few hundred metres, so a pier, a beach or a
 * harbour street can fall just outside it: a point this close to land still counts as land.
 */
export const COAST_TOLERANCE_KM = 0.6;
/**
 * The lakes are generalised to 1 km, so their shores can be off by that much: only a point at
 * least this far inside a lake is water. A lake narrower than twice this (a city park's pond, a
 * river) counts as land; Lake Michigan, Lake Tahoe or Lake Geneva do not.
 */
export const LAKE_SHORE_KM = 1;
/** Height of the latitude bands edges are indexed by; a point is tested only against its band's edges. */
export const BAND_DEG = 0.1;
const BANDS = Math.ceil(180 / BAND_DEG);
const KM_PER_DEG_LAT = 111.32;

export interface LandMask {
  /** Inside a land polygon, exactly (no coast tolerance). */
  inside(point: LatLng): boolean;
  /** On land or within COAST_TOLERANCE_KM of it, and not more than LAKE_SHORE_KM inside a lake. */
  onLand(point: LatLng): boolean;
}

/** Land polygons' rings, and the lakes' rings (water inside land), both as [lng, lat] runs. */
export function buildLandMask(rings: readonly Ring[], lakeRings: readonly Ring[] = []): LandMask {
  const land = polygonIndex(rings);
  const lakes = lakeRings.length ? polygonIndex(lakeRings) : undefined;
  return {
    inside: land,
    onLand(point) {
      const nearLand = land(point) || aroundPoint(point, COAST_TOLERANCE_KM).some(land);
      if (!nearLand || !lakes) return nearLand;
      // Water only when the point and the whole circle around it are in the lake.
      return !(lakes(point) && aroundPoint(point, LAKE_SHORE_KM).every(lakes));
    },
  };
}

type Ring = readonly (readonly number[])[];

/**
 * Every ring edge (outer rings and holes alike) by latitude band, as flat [x1, y1, x2, y2] runs.
 * The polygons of one layer do not overlap, so an even count of edges crossed by a ray eastwards
 * from a point means outside and an odd count inside, whatever polygon each edge belongs to.
 */
function polygonIndex(rings: readonly Ring[]): (point: LatLng) => boolean {
  const counts = new Uint32Array(BANDS);
  const bandsOf = (y1: number, y2: number): [number, number] => [band(Math.min(y1, y2)), band(Math.max(y1, y2))];
  for (const ring of rings) {
    for (let i = 1; i < ring.length; i++) {
      const a = ring[i - 1]!;
      const b = ring[i]!;
      if (a[1] === b[1]) continue; // horizontal edges are never crossed by a horizontal ray
      const [lo, hi] = bandsOf(a[1]!, b[1]!);
      for (let k = lo; k <= hi; k++) counts[k]!++;
    }
  }
  const starts = new Uint32Array(BANDS + 1);
  for (let k = 0; k < BANDS; k++) starts[k + 1] = starts[k]! + counts[k]!;
  const edges = new Float64Array(starts[BANDS]! * 4);
  const fill = starts.slice(0, BANDS);
  for (const ring of rings) {
    for (let i = 1; i < ring.length; i++) {
      const a = ring[i - 1]!;
      const b = ring[i]!;
      if (a[1] === b[1]) continue;
      const [lo, hi] = bandsOf(a[1]!, b[1]!);
      for (let k = lo; k <= hi; k++) {
        const at = fill[k]!++ * 4;
        edges[at] = a[0]!;
        edges[at + 1] = a[1]!;
        edges[at + 2] = b[0]!;
        edges[at + 3] = b[1]!;
      }
    }
  }

  const inside = ({ lat, lng }: LatLng): boolean => {
    const k = band(lat);
    let crossings = 0;
    for (let e = starts[k]! * 4, end = starts[k + 1]! * 4; e < end; e += 4) {
      const x1 = edges[e]!, y1 = edges[e + 1]!, x2 = edges[e + 2]!, y2 = edges[e + 3]!;
      // Half-open in y so a vertex on the ray is counted once.
      if ((y1 > lat) !== (y2 > lat) && lng < x1 + ((lat - y1) * (x2 - x1)) / (y2 - y1)) crossings++;
    }
    return (crossings & 1) === 1;
  };

  return inside;
}

/** Eight points on a circle of `km` around `point`: cheap, and finer than the data. */
function aroundPoint(point: LatLng, km: number): LatLng[] {
  const dLat = km / KM_PER_DEG_LAT;
  const dLng = dLat / Math.max(Math.cos((point.lat * Math.PI) / 180), 0.01);
  return Array.from({ length: 8 }, (_, i) => {
    const angle = (i * Math.PI) / 4;
    const lat = Math.max(-90, Math.min(90, point.lat + dLat * Math.sin(angle)));
    let lng = point.lng + dLng * Math.cos(angle);
    if (lng > 180) lng -= 360;
    if (lng < -180) lng += 360;
    return { lat, lng };
  });
}

function band(lat: number): number {
  return Math.min(BANDS - 1, Math.max(0, Math.floor((lat + 90) / BAND_DEG)));
}

type Land = Topology<{ land: GeometryCollection }>;
type Lakes = { type: 'GeometryCollection'; geometries: { type: string; coordinates: number[][][] | number[][][][] }[] };

let loading: Promise<LandMask> | undefined;

/** The land mask, read and indexed once (a second or two); concurrent first callers share it. */
export function loadLandMask(): Promise<LandMask> {
  loading ??= (async () => {
    // Read as data, not imported as modules: megabytes of module are slow to load and would bloat a bundle.
    const resolve = createRequire(import.meta.url).resolve;
    const [topo, lakes] = await Promise.all([
      readFile(resolve('world-atlas/land-10m.json'), 'utf8').then((t) => JSON.parse(t) as Land),
      readFile(resolve('@geo-maps/earth-lakes-1km/map.geo.json'), 'utf8').then((t) => JSON.parse(t) as Lakes),
    ]);
    const rings: Ring[] = [];
    for (const f of feature(topo, topo.objects.land).features) rings.push(...polygonRings(f.geometry));
    const lakeRings: Ring[] = [];
    for (const g of lakes.geometries) {
      for (const polygon of polygonsOf(g)) {
        // A lake too small to have a point LAKE_SHORE_KM from its shore is land anyway: leave it out of the index.
        if (extentKm(polygon[0] ?? []) >= 2 * LAKE_SHORE_KM) lakeRings.push(...polygon);
      }
    }
    return buildLandMask(rings, lakeRings);
  })().catch((err: unknown) => {
    loading = undefined; // let a later call try again
    throw err;
  });
  return loading;
}

function polygonsOf(g: { type: string; coordinates: unknown }): Ring[][] {
  if (g.type === 'Polygon') return [g.coordinates as Ring[]];
  if (g.type === 'MultiPolygon') return g.coordinates as Ring[][];
  return [];
}

function polygonRings(g: { type: string; coordinates?: unknown } | null): Ring[] {
  return g ? polygonsOf(g as { type: string; coordinates: unknown }).flat() : [];
}

/** The smaller side (km) of a ring's bounding box. */
function extentKm(ring: Ring): number {
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (const [x, y] of ring) {
    minX = Math.min(minX, x!); maxX = Math.max(maxX, x!); minY = Math.min(minY, y!); maxY = Math.max(maxY, y!);
  }
  if (minX > maxX) return 0;
  const midLat = ((minY + maxY) / 2) * (Math.PI / 180);
  return Math.min((maxY - minY) * KM_PER_DEG_LAT, (maxX - minX) * KM_PER_DEG_LAT * Math.cos(midLat));
}

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Topology, GeometryCollection } from 'topojson-specification';
import { feature } from 'topojson-client';
import type { LatLng } from '../../../../shared/src/domain/distance';
import { ringsContain as polygonIndex, type Ring } from '../../../../shared/src/domain/point-in-polygon';

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
export { BAND_DEG } from '../../../../shared/src/domain/point-in-polygon';
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

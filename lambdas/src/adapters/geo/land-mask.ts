import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Topology, GeometryCollection } from 'topojson-specification';
import { feature } from 'topojson-client';
import type { LatLng } from '../../../../shared/src/domain/distance';

/**
 * Land or water without any network, for the offline gazetteer: Natural Earth's 1:10m land
 * polygons (the `world-atlas` package the offline map draws from). Nobody is picked up at sea.
 *
 * Natural Earth's land has the seas and the Caspian as water but not the other lakes (its lakes
 * are a separate layer that no installed package ships), so Lake Michigan or Lake Geneva count as
 * land here. Amazon Location answers the same question with its road network instead.
 */

/**
 * The 1:10m coast is generalised and quantised to a few hundred metres, so a pier, a beach or a
 * harbour street can fall just outside it: a point this close to land still counts as land.
 */
export const COAST_TOLERANCE_KM = 0.6;
/** Height of the latitude bands edges are indexed by; a point is tested only against its band's edges. */
export const BAND_DEG = 0.1;
const BANDS = Math.ceil(180 / BAND_DEG);
const KM_PER_DEG_LAT = 111.32;

export interface LandMask {
  /** Inside a land polygon, exactly (no coast tolerance). */
  inside(point: LatLng): boolean;
  /** On land or within COAST_TOLERANCE_KM of it. */
  onLand(point: LatLng): boolean;
}

/**
 * Every ring edge (outer rings and holes alike) by latitude band, as flat [x1, y1, x2, y2] runs.
 * Natural Earth's polygons do not overlap, so an even count of edges crossed by a ray eastwards
 * from a point means water and an odd count land, whatever polygon each edge belongs to.
 */
export function buildLandMask(rings: readonly (readonly (readonly number[])[])[]): LandMask {
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

  return {
    inside,
    onLand(point) {
      if (inside(point)) return true;
      // Eight points on a circle of the tolerance's radius: cheap, and finer than the data.
      const dLat = COAST_TOLERANCE_KM / KM_PER_DEG_LAT;
      const dLng = dLat / Math.max(Math.cos((point.lat * Math.PI) / 180), 0.01);
      for (let i = 0; i < 8; i++) {
        const angle = (i * Math.PI) / 4;
        const lat = Math.max(-90, Math.min(90, point.lat + dLat * Math.sin(angle)));
        let lng = point.lng + dLng * Math.cos(angle);
        if (lng > 180) lng -= 360;
        if (lng < -180) lng += 360;
        if (inside({ lat, lng })) return true;
      }
      return false;
    },
  };
}

function band(lat: number): number {
  return Math.min(BANDS - 1, Math.max(0, Math.floor((lat + 90) / BAND_DEG)));
}

type Land = Topology<{ land: GeometryCollection }>;

let loading: Promise<LandMask> | undefined;

/** The land mask, read and indexed once (about a second); concurrent first callers share it. */
export function loadLandMask(): Promise<LandMask> {
  loading ??= (async () => {
    // Read as data, not imported as a module: a 3 MB module is slow to load and would bloat a bundle.
    const file = createRequire(import.meta.url).resolve('world-atlas/land-10m.json');
    const topo = JSON.parse(await readFile(file, 'utf8')) as Land;
    const land = feature(topo, topo.objects.land);
    const rings: (readonly number[])[][] = [];
    for (const f of land.features) {
      const g = f.geometry;
      const polygons = g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];
      for (const polygon of polygons) for (const ring of polygon) rings.push(ring);
    }
    return buildLandMask(rings);
  })().catch((err: unknown) => {
    loading = undefined; // let a later call try again
    throw err;
  });
  return loading;
}

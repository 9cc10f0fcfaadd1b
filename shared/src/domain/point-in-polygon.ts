import type { LatLng } from './distance';

/**
 * Whether a point is inside polygons given as [lng, lat] rings, by the even-odd rule, with the
 * edges indexed by latitude band so a test reads only its band's edges. The land mask (tens of
 * thousands of coast edges) and the service areas (a few polygons drawn by an admin) share it.
 */

/** A ring as [lng, lat] positions; closed or not (a missing closing edge is added). */
export type Ring = readonly (readonly number[])[];

/** Height of the latitude bands edges are indexed by; a point is tested only against its band's edges. */
export const BAND_DEG = 0.1;
const BANDS = Math.ceil(180 / BAND_DEG);

/**
 * Every ring edge (outer rings and holes alike) by latitude band, as flat [x1, y1, x2, y2] runs.
 * An even count of edges crossed by a ray eastwards from a point means outside and an odd count
 * inside, whatever ring each edge belongs to (rings of one set are expected not to overlap).
 * The test is half-open in latitude, so a vertex on the ray counts once; a point exactly on an
 * edge may fall either way (a boundary has no width).
 */
export function ringsContain(rings: readonly Ring[]): (point: LatLng) => boolean {
  const counts = new Uint32Array(BANDS);
  const bandsOf = (y1: number, y2: number): [number, number] => [band(Math.min(y1, y2)), band(Math.max(y1, y2))];
  const edgesOf = (ring: Ring, visit: (a: readonly number[], b: readonly number[]) => void) => {
    const n = ring.length;
    if (n < 2) return;
    for (let i = 1; i < n; i++) visit(ring[i - 1]!, ring[i]!);
    const first = ring[0]!, last = ring[n - 1]!;
    if (first[0] !== last[0] || first[1] !== last[1]) visit(last, first);
  };
  for (const ring of rings) {
    edgesOf(ring, (a, b) => {
      if (a[1] === b[1]) return; // horizontal edges are never crossed by a horizontal ray
      const [lo, hi] = bandsOf(a[1]!, b[1]!);
      for (let k = lo; k <= hi; k++) counts[k]!++;
    });
  }
  const starts = new Uint32Array(BANDS + 1);
  for (let k = 0; k < BANDS; k++) starts[k + 1] = starts[k]! + counts[k]!;
  const edges = new Float64Array(starts[BANDS]! * 4);
  const fill = starts.slice(0, BANDS);
  for (const ring of rings) {
    edgesOf(ring, (a, b) => {
      if (a[1] === b[1]) return;
      const [lo, hi] = bandsOf(a[1]!, b[1]!);
      for (let k = lo; k <= hi; k++) {
        const at = fill[k]!++ * 4;
        edges[at] = a[0]!;
        edges[at + 1] = a[1]!;
        edges[at + 2] = b[0]!;
        edges[at + 3] = b[1]!;
      }
    });
  }

  return ({ lat, lng }: LatLng): boolean => {
    const k = band(lat);
    let crossings = 0;
    for (let e = starts[k]! * 4, end = starts[k + 1]! * 4; e < end; e += 4) {
      const x1 = edges[e]!, y1 = edges[e + 1]!, x2 = edges[e + 2]!, y2 = edges[e + 3]!;
      // Half-open in y so a vertex on the ray is counted once.
      if ((y1 > lat) !== (y2 > lat) && lng < x1 + ((lat - y1) * (x2 - x1)) / (y2 - y1)) crossings++;
    }
    return (crossings & 1) === 1;
  };
}

function band(lat: number): number {
  return Math.min(BANDS - 1, Math.max(0, Math.floor((lat + 90) / BAND_DEG)));
}

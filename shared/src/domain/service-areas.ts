import { storablePoint, type LatLng } from './distance';
import { ringsContain } from './point-in-polygon';

/**
 * Service areas and zone fees. An admin draws polygons on the map:
 * - a service area says where the platform operates. With none drawn, everywhere is served; once
 *   one exists, a trip whose pickup or drop is outside every service area is refused;
 * - a fee zone adds a fixed fee with a label (an airport pickup, say) to a trip whose pickup,
 *   drop, either or both (the zone's `feeAppliesTo`) are inside it.
 *
 * Edges are straight lines in longitude and latitude; a polygon never crosses the antimeridian.
 */
export const AREA_KINDS = ['service', 'fee'] as const;
export type AreaKind = (typeof AREA_KINDS)[number];

export const FEE_APPLIES_TO = ['pickup', 'drop', 'either', 'both'] as const;
export type FeeAppliesTo = (typeof FEE_APPLIES_TO)[number];

/** Few enough that all of them are one small partition, read by one Query and kept in memory. */
export const MAX_AREAS = 50;
/** Enough to trace an airport or a city's edge by hand; bounds the item and each test's cost. */
export const MAX_VERTICES = 100;
export const MIN_VERTICES = 3;
export const AREA_NAME_MAX = 60;
export const FEE_LABEL_MAX = 40;
/** A fixed fee is at most this, minor units (an access fee, not a fare). */
export const MAX_ZONE_FEE = 500_00;

/** An area as the server keeps it; money in minor units; `polygon` is the open ring. */
export interface ServiceAreaShape {
  id: string;
  name: string;
  kind: AreaKind;
  polygon: LatLng[];
  /** Fee zones only. */
  fee?: number;
  feeLabel?: string;
  feeAppliesTo?: FeeAppliesTo;
}

/** A zone fee a trip carries, minor units, fixed when it is booked. */
export interface TripZoneFee {
  areaId: string;
  label: string;
  amount: number;
}

export type PolygonProblem = 'service_area_polygon_invalid' | 'service_area_polygon_self_intersects';

/**
 * The ring as kept: a closing point equal to the first is dropped, so every polygon is stored
 * open and read as closed. Its problem when it is not a polygon: fewer than 3 or more than
 * MAX_VERTICES corners, a corner out of range, two corners in a row at the same place, no area,
 * or a span of 180 degrees of longitude or more (it would be read across the antimeridian).
 */
export function normalisePolygon(points: readonly LatLng[]): { ring: LatLng[] } | { problem: PolygonProblem } {
  // At the precision every stored place has (about a centimetre; DynamoDB stores no denormals).
  const ring = points.map((p) => storablePoint({ lat: p.lat, lng: p.lng }));
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (ring.length > 1 && first && last && first.lat === last.lat && first.lng === last.lng) ring.pop();
  const invalid = { problem: 'service_area_polygon_invalid' as const };
  if (ring.length < MIN_VERTICES || ring.length > MAX_VERTICES) return invalid;
  for (const p of ring) {
    if (!Number.isFinite(p.lat) || !Number.isFinite(p.lng) || Math.abs(p.lat) > 90 || Math.abs(p.lng) > 180) return invalid;
  }
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!, b = ring[(i + 1) % ring.length]!;
    if (a.lat === b.lat && a.lng === b.lng) return invalid;
  }
  const lngs = ring.map((p) => p.lng);
  if (Math.max(...lngs) - Math.min(...lngs) >= 180) return invalid;
  // Corners on one line enclose nothing; otherwise crossing comes first (a bow tie's two halves
  // cancel out to no area, and that its edges cross is what to say).
  if (ring.every((p) => orientation(ring[0]!, ring[1]!, p) === 0)) return invalid;
  if (selfIntersects(ring)) return { problem: 'service_area_polygon_self_intersects' };
  if (Math.abs(signedArea(ring)) < 1e-10) return invalid;
  return { ring };
}

/** Twice the signed area in square degrees (shoelace); 0 for a degenerate ring. */
function signedArea(ring: readonly LatLng[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!, b = ring[(i + 1) % ring.length]!;
    sum += a.lng * b.lat - b.lng * a.lat;
  }
  return sum;
}

/**
 * Whether two edges that are not neighbours touch or cross (n ≤ MAX_VERTICES, so the n² pairs
 * cost nothing). Neighbouring edges share a corner by construction and only count when they fold
 * back onto each other.
 */
function selfIntersects(ring: readonly LatLng[]): boolean {
  const n = ring.length;
  const edge = (i: number): [LatLng, LatLng] => [ring[i]!, ring[(i + 1) % n]!];
  for (let i = 0; i < n; i++) {
    const [a, b] = edge(i);
    // A neighbour folding back along this edge (a spike) is a touch of more than the corner.
    const [, c] = edge((i + 1) % n);
    if (orientation(a, b, c) === 0 && (b.lng - a.lng) * (c.lng - b.lng) + (b.lat - a.lat) * (c.lat - b.lat) < 0) return true;
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue; // the first and last edges share the first corner
      const [p, q] = edge(j);
      if (segmentsTouch(a, b, p, q)) return true;
    }
  }
  return false;
}

function orientation(a: LatLng, b: LatLng, c: LatLng): number {
  const v = (b.lng - a.lng) * (c.lat - a.lat) - (b.lat - a.lat) * (c.lng - a.lng);
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

/** `q` lies on segment a–b, given the three are collinear. */
function onSegment(a: LatLng, b: LatLng, q: LatLng): boolean {
  return q.lng <= Math.max(a.lng, b.lng) && q.lng >= Math.min(a.lng, b.lng) && q.lat <= Math.max(a.lat, b.lat) && q.lat >= Math.min(a.lat, b.lat);
}

function segmentsTouch(a: LatLng, b: LatLng, c: LatLng, d: LatLng): boolean {
  const o1 = orientation(a, b, c), o2 = orientation(a, b, d), o3 = orientation(c, d, a), o4 = orientation(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (o1 === 0 && onSegment(a, b, c)) || (o2 === 0 && onSegment(a, b, d)) || (o3 === 0 && onSegment(c, d, a)) || (o4 === 0 && onSegment(c, d, b));
}

/** The areas, each with its point test built once (a cache keeps this, not the raw items). */
export interface AreaSet {
  areas: readonly ServiceAreaShape[];
  contains(area: ServiceAreaShape, point: LatLng): boolean;
}

export function areaSet(areas: readonly ServiceAreaShape[]): AreaSet {
  const tests = new Map(areas.map((a) => [a.id, ringsContain([a.polygon.map((p) => [p.lng, p.lat])])]));
  return { areas, contains: (area, point) => tests.get(area.id)?.(point) ?? false };
}

/**
 * Which end of the trip is outside every service area (the pickup first), or undefined when the
 * trip is served: no service area at all means everywhere is.
 */
export function outsideServiceAreas(set: AreaSet, trip: { pickup: LatLng; drop: LatLng; stops?: readonly LatLng[] }): 'pickup' | 'drop' | `stops.${number}` | undefined {
  const served = set.areas.filter((a) => a.kind === 'service');
  if (served.length === 0) return undefined;
  const isServed = (p: LatLng) => served.some((a) => set.contains(a, p));
  if (!isServed(trip.pickup)) return 'pickup';
  // A stop is a place the driver goes, so it must be served as much as the ends.
  const stop = (trip.stops ?? []).findIndex((p) => !isServed(p));
  if (stop >= 0) return `stops.${stop}`;
  if (!isServed(trip.drop)) return 'drop';
  return undefined;
}

/** The fees of the fee zones the trip's ends put it in, in the areas' order (each zone once). */
export function zoneFeesFor(set: AreaSet, trip: { pickup: LatLng; drop: LatLng }): TripZoneFee[] {
  const fees: TripZoneFee[] = [];
  for (const a of set.areas) {
    if (a.kind !== 'fee' || !a.fee || a.fee <= 0) continue;
    const atPickup = set.contains(a, trip.pickup);
    const atDrop = set.contains(a, trip.drop);
    const applies = a.feeAppliesTo ?? 'pickup';
    const hit = applies === 'pickup' ? atPickup : applies === 'drop' ? atDrop : applies === 'both' ? atPickup && atDrop : atPickup || atDrop;
    if (hit) fees.push({ areaId: a.id, label: a.feeLabel || a.name, amount: a.fee });
  }
  return fees;
}

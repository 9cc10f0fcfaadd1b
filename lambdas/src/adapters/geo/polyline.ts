import polyline from '@mapbox/polyline';
import type { LatLng } from '../../../../shared/src/domain/distance';

/** Most points a route carries back to the client: enough to draw it, small enough for a response and a booking item. */
export const MAX_ROUTE_COORDS = 500;

const toRad = (deg: number) => (deg * Math.PI) / 180;
const toDeg = (rad: number) => (rad * 180) / Math.PI;
// Micro-degrees (~0.1 m): finer digits only bloat the response.
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** Google encoded polyline (precision 5), the format the apps and the spec's RouteDetails use. */
export function encodePolyline(coords: readonly LatLng[]): string {
  return polyline.encode(coords.map((p) => [p.lat, p.lng] as const), 5);
}

export function decodePolyline(encoded: string): LatLng[] {
  return polyline.decode(encoded, 5).map(([lat, lng]) => ({ lat, lng }));
}

/**
 * Points along the great circle from `a` to `b`, about `stepKm` apart, at most `maxPoints`,
 * `a` and `b` included as given. Interpolating on the sphere (not linearly in degrees) keeps
 * long legs on the shortest path and the spacing even at high latitudes.
 */
export function densifyGreatCircle(
  a: LatLng,
  b: LatLng,
  straightKm: number,
  stepKm = 0.5,
  maxPoints = MAX_ROUTE_COORDS,
): LatLng[] {
  const segments = Math.max(1, Math.min(Math.ceil(straightKm / stepKm), maxPoints - 1));
  const [x1, y1, z1] = toVector(a);
  const [x2, y2, z2] = toVector(b);
  // Central angle from the chord: exact for short legs, where acos(dot) loses precision.
  const chord = Math.hypot(x2 - x1, y2 - y1, z2 - z1);
  const angle = 2 * Math.asin(Math.min(1, chord / 2));
  const sinAngle = Math.sin(angle);
  const points: LatLng[] = [{ lat: a.lat, lng: a.lng }];
  if (sinAngle > 1e-12) {
    for (let i = 1; i < segments; i++) {
      const f = i / segments;
      const wa = Math.sin((1 - f) * angle) / sinAngle;
      const wb = Math.sin(f * angle) / sinAngle;
      const x = wa * x1 + wb * x2;
      const y = wa * y1 + wb * y2;
      const z = wa * z1 + wb * z2;
      points.push({ lat: round6(toDeg(Math.atan2(z, Math.hypot(x, y)))), lng: round6(toDeg(Math.atan2(y, x))) });
    }
  }
  points.push({ lat: b.lat, lng: b.lng });
  return points;
}

/** "lat, lng" with 5 decimals (~1 m): how a point with no better name is labelled. */
export function formatCoords(p: LatLng): string {
  return `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}`;
}

/** At most `max` points spread evenly along the list, first and last always kept. */
export function thinPoints<T>(points: readonly T[], max = MAX_ROUTE_COORDS): T[] {
  if (points.length <= max) return [...points];
  const out: T[] = [];
  for (let i = 0; i < max; i++) out.push(points[Math.round((i * (points.length - 1)) / (max - 1))]!);
  return out;
}

function toVector(p: LatLng): [number, number, number] {
  const lat = toRad(p.lat);
  const lng = toRad(p.lng);
  return [Math.cos(lat) * Math.cos(lng), Math.cos(lat) * Math.sin(lng), Math.sin(lat)];
}

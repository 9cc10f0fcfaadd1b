import type { LatLng } from './distance';

/** Above this many points the drive-time call gets a thinned set of waypoints (spec §9). */
export const MAX_ROUTE_POINTS = 25;

/** Every Nth point is kept: 1 (all) up to 25 points, else floor(count / 25) + 1. */
export function waypointStep(count: number): number {
  return count > MAX_ROUTE_POINTS ? Math.floor(count / MAX_ROUTE_POINTS) + 1 : 1;
}

/** 'lat,lng' as the drive-time call takes it. */
export function formatLatLng(point: LatLng): string {
  return `${point.lat},${point.lng}`;
}

export interface SampledRoute {
  start: LatLng;
  dest: LatLng;
  /** Intermediate points sent as waypoints, in order. */
  waypoints: LatLng[];
  /** The drive-time call's payload: start and dest as 'lat,lng', waypoints joined by '|'. */
  params: { start: string; dest: string; waypoints: string };
}

/**
 * Start is the first point, dest the last. Intermediate points whose index (in the full list)
 * is a multiple of the step become waypoints, which keeps the count under the provider's limit.
 * Returns null for fewer than 2 points: there is no route and the distance is 0.
 */
export function sampleRoute(points: readonly LatLng[]): SampledRoute | null {
  if (points.length < 2) return null;
  const start = points[0]!;
  const dest = points[points.length - 1]!;
  const step = waypointStep(points.length);
  const waypoints: LatLng[] = [];
  for (let i = step; i < points.length - 1; i += step) waypoints.push(points[i]!);
  return {
    start,
    dest,
    waypoints,
    params: {
      start: formatLatLng(start),
      dest: formatLatLng(dest),
      waypoints: waypoints.map(formatLatLng).join('|'),
    },
  };
}

/** 'lat,lng' → a point, or null when malformed or out of range. */
export function parseLatLng(text: string): LatLng | null {
  const m = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(text);
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

import { DomainError } from '../../../shared/src/domain/errors';
import { MAX_ROUTE_POINTS, parseLatLng } from '../../../shared/src/domain/route-sampling';
import type { LatLng } from '../../../shared/src/domain/distance';
import type { GeoService } from '../ports/geo';
import { callGeo } from './call-geo';

/**
 * Spec googleapis-getdrivetime: distance and time from start through the waypoints (already
 * sampled to at most 25 by the §9 rule, `sampleRoute`) to dest.
 */
export async function getDriveTime(deps: { geo: () => GeoService }, input: { start: string; dest: string; waypoints?: string }) {
  const parts = [input.start, ...(input.waypoints ? input.waypoints.split('|') : []), input.dest];
  if (parts.length > MAX_ROUTE_POINTS + 2) throw new DomainError('validation_error', 400, `At most ${MAX_ROUTE_POINTS} waypoints`);
  const points = parts.map(parseLatLng);
  if (points.some((p) => !p)) throw new DomainError('validation_error', 400, 'Expected "lat,lng" points');
  const out = await callGeo('fetch_call_error', () => deps.geo().driveTime(points as LatLng[]));
  if (!out) throw new DomainError('no_route_found', 422);
  return { distance_in_km: Math.round(out.distanceKm * 1000) / 1000, time_in_secs: Math.round(out.seconds) };
}

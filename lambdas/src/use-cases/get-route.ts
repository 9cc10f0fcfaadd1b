import type { RouteDetails } from '../../../shared/src/contract/geo';
import { DomainError } from '../../../shared/src/domain/errors';
import { parseLatLng } from '../../../shared/src/domain/route-sampling';
import type { GeoService } from '../ports/geo';
import { callGeo } from './call-geo';

/** Spec googleapis-getroute: distance (km), duration (s), polyline and points; 'No Route Found' when none. */
export async function getRoute(deps: { geo: () => GeoService }, input: { start: string; dest: string }): Promise<RouteDetails> {
  const start = parseLatLng(input.start);
  const dest = parseLatLng(input.dest);
  if (!start || !dest) throw new DomainError('validation_error', 400, 'Expected "lat,lng"');
  const route = await callGeo('fetch_call_error', () => deps.geo().route(start, dest));
  if (!route) throw new DomainError('no_route_found', 422);
  return route;
}

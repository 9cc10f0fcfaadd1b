import { DomainError } from '../../../shared/src/domain/errors';
import { parseLatLng } from '../../../shared/src/domain/route-sampling';
import type { GeoService } from '../ports/geo';
import { callGeo } from './call-geo';

/** Spec googleapis-getaddress: a readable address for a point picked on the map or from the browser's location. */
export async function getAddress(deps: { geo: () => GeoService }, latlng: string): Promise<{ address: string }> {
  const point = parseLatLng(latlng);
  if (!point) throw new DomainError('validation_error', 400, 'Expected "lat,lng"');
  // A point picked at sea is refused here already, so the form never offers it as a pickup or drop.
  if (!(await callGeo('fetch_call_error', () => deps.geo().onLand(point)))) {
    throw new DomainError('place_to_coords_error', 422, undefined, [{ path: 'latlng', message: 'place_to_coords_error' }]);
  }
  return { address: await callGeo('fetch_call_error', () => deps.geo().reverseGeocode(point)) };
}

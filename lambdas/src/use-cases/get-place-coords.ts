import { DomainError } from '../../../shared/src/domain/errors';
import type { GeoService } from '../ports/geo';
import { callGeo } from './call-geo';

/** Spec googleapis-getcoords: an unknown place is place_to_coords_error. */
export async function getPlaceCoords(deps: { geo: () => GeoService }, placeId: string) {
  const place = await callGeo('google_places_error', () => deps.geo().placeCoords(placeId));
  if (!place) throw new DomainError('place_to_coords_error', 404);
  return place;
}

import type { Place } from '../../../shared/src/contract/geo';
import type { LatLng } from '../../../shared/src/domain/distance';
import type { GeoService } from '../ports/geo';
import { callGeo } from './call-geo';

/** Spec googleapis-autocomplete: suggestions for what the rider typed (the web debounces at 200 ms). */
export async function autocompletePlaces(deps: { geo: () => GeoService }, input: { searchKeyword: string; near?: LatLng }): Promise<{ searchResults: Place[] }> {
  return { searchResults: await callGeo('google_places_error', () => deps.geo().autocomplete(input.searchKeyword, input.near)) };
}

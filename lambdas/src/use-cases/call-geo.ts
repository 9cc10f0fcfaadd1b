import { DomainError } from '../../../shared/src/domain/errors';
import { GeoProviderError } from '../ports/geo';

/**
 * A map provider call whose failure is the provider's, not the caller's: 502 with the spec's key
 * for that call (google_places_error for place lookups, 'Fetch Call Error' for address and drive time).
 */
export async function callGeo<T>(code: 'google_places_error' | 'fetch_call_error', fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof GeoProviderError) throw new DomainError(code, 502);
    throw e;
  }
}

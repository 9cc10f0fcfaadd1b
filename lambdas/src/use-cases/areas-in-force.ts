import { areaSet, outsideServiceAreas, zoneFeesFor, type AreaSet, type TripZoneFee } from '../../../shared/src/domain/service-areas';
import { DomainError } from '../../../shared/src/domain/errors';
import type { LatLng } from '../../../shared/src/domain/distance';
import type { ServiceAreaStore } from '../ports/service-areas';

/**
 * How long a function keeps the areas it read. Every estimate and booking needs them and they
 * change rarely (an admin drawing), so one Query per function per half minute instead of one per
 * request; a drawing takes effect everywhere within this. A write in the same process (the local
 * cloud, where every route shares one) forgets them at once.
 */
export const AREAS_CACHE_MS = 30_000;

let cached: { at: number; set: Promise<AreaSet> } | undefined;

/** The areas with their point tests, read at most once per AREAS_CACHE_MS; concurrent callers share a read. */
export function areasInForce(deps: { serviceAreas: Pick<ServiceAreaStore, 'list'> }): Promise<AreaSet> {
  const now = Date.now();
  if (!cached || now - cached.at >= AREAS_CACHE_MS) {
    const set = deps.serviceAreas.list().then(areaSet);
    cached = { at: now, set };
    // A failed read is not kept: the next caller tries again.
    set.catch(() => { if (cached?.set === set) cached = undefined; });
  }
  return cached.set;
}

/** After a write: the next caller reads the areas again. */
export function forgetAreasInForce(): void {
  cached = undefined;
}

/**
 * The service-area rule and the zone fees of a trip: 422 outside_service_area (on `pickup`, a
 * stop `stops.N` or `drop`) when service areas exist and an end is outside all of them; else the fee zones' fees.
 */
export async function tripZoneFees(deps: { serviceAreas: Pick<ServiceAreaStore, 'list'> }, trip: { pickup: LatLng; drop: LatLng; stops?: readonly LatLng[] }): Promise<TripZoneFee[]> {
  const set = await areasInForce(deps);
  const outside = outsideServiceAreas(set, trip);
  if (outside) throw new DomainError('outside_service_area', 422, undefined, [{ path: outside, message: 'outside_service_area' }]);
  return zoneFeesFor(set, trip);
}

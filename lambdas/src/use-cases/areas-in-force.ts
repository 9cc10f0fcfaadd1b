import { areaSet, outsideServiceAreas, zoneFeesFor, type AreaSet, type TripZoneFee } from '../../../shared/src/domain/service-areas';
import { DomainError } from '../../../shared/src/domain/errors';
import type { LatLng } from '../../../shared/src/domain/distance';
import type { ServiceAreaStore } from '../ports/service-areas';

/**
 * The areas a function read, with the revision they were read at. Every estimate and booking needs
 * them and they change rarely (an admin drawing), so a call learns only the revision (one small
 * item, which the booking routes read with the caller's admission) and Queries the areas again only
 * when it moved: a drawing takes effect in every function, whichever function wrote it.
 */
let cached: { revision: number; set: Promise<AreaSet> } | undefined;

type AreaReads = { serviceAreas: Pick<ServiceAreaStore, 'list' | 'revision'> };

/** The areas with their point tests, read again only when their revision moved; concurrent callers share a read. */
export async function areasInForce(deps: AreaReads): Promise<AreaSet> {
  const revision = await deps.serviceAreas.revision();
  if (!cached || cached.revision !== revision) {
    // Consistent: an eventually consistent Query could return the areas before the revision read.
    const set = deps.serviceAreas.list({ consistent: true }).then(areaSet);
    cached = { revision, set };
    // A failed read is not kept: the next caller tries again.
    set.catch(() => { if (cached?.set === set) cached = undefined; });
  }
  return cached.set;
}

/**
 * The service-area rule and the zone fees of a trip: 422 outside_service_area (on `pickup`, a
 * stop `stops.N` or `drop`) when service areas exist and an end is outside all of them; else the fee zones' fees.
 */
export async function tripZoneFees(deps: AreaReads, trip: { pickup: LatLng; drop: LatLng; stops?: readonly LatLng[] }): Promise<TripZoneFee[]> {
  const set = await areasInForce(deps);
  const outside = outsideServiceAreas(set, trip);
  if (outside) throw new DomainError('outside_service_area', 422, undefined, [{ path: outside, message: 'outside_service_area' }]);
  return zoneFeesFor(set, trip);
}

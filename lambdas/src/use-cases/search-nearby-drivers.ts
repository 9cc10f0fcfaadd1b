import type { LatLng } from '../../../shared/src/domain/distance';
import type { DispatchPolicy } from '../../../shared/src/domain/dispatch';
import type { NearbyResult, PresenceStore } from '../ports/presence';

/**
 * The one search behind "is there a driver for this?": the booking's Book Now check and the
 * form's early availability question both ask it, so the form never says yes where booking says
 * no_driver_found_alert_messege (or the other way round).
 */
export function searchNearbyDrivers(
  deps: { presence: Pick<PresenceStore, 'nearby'> },
  policy: Pick<DispatchPolicy, 'radiusKm' | 'documents'>,
  pickup: LatLng,
  carTypeName: string,
  nowMs: number,
): Promise<NearbyResult> {
  return deps.presence.nearby(pickup, policy.radiusKm, { carType: carTypeName, now: nowMs, documents: policy.documents });
}

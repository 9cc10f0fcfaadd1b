import type { Availability, BookingPoint } from '../../../shared/src/contract/bookings';
import { storablePoint } from '../../../shared/src/domain/distance';
import { dispatchPolicy } from '../../../shared/src/domain/dispatch';
import { DomainError } from '../../../shared/src/domain/errors';
import type { CarTypeItem } from '../adapters/dynamodb/car-type-repository';
import { outsideServiceAreas } from '../../../shared/src/domain/service-areas';
import type { PresenceStore } from '../ports/presence';
import type { ServiceAreaStore } from '../ports/service-areas';
import type { Account } from './admit-caller';
import { areasInForce } from './areas-in-force';
import { searchNearbyDrivers } from './search-nearby-drivers';

const selectProper = (field: string) => new DomainError('select_proper', 400, undefined, [{ path: field, message: 'select_proper' }]);

/**
 * The booking form's early "no driver nearby" (spec §5 no_driver_found_alert_messege), asked once
 * the pickup and car type are chosen: the same search a Book Now makes, answered as yes or no. A
 * pickup outside every service area is refused as the booking would be (422 outside_service_area
 * on `pickup`), so the form says so before the rest is typed rather than blaming the drivers.
 * Nothing is written: a question is not demand (the booking that fails counts as unserved).
 */
export async function checkAvailability(
  deps: { presence: Pick<PresenceStore, 'nearby'>; serviceAreas: Pick<ServiceAreaStore, 'list' | 'revision'>; now: () => Date },
  account: Account,
  input: { pickup?: BookingPoint | null; carTypeId?: string | null },
  carType: CarTypeItem | undefined,
): Promise<Availability> {
  if (!input.pickup) throw selectProper('pickup');
  if (!input.carTypeId || !carType) throw selectProper('carTypeId');
  const pickup = storablePoint(input.pickup);
  if (outsideServiceAreas(await areasInForce(deps), { pickup, drop: pickup }) === 'pickup') {
    throw new DomainError('outside_service_area', 422, undefined, [{ path: 'pickup', message: 'outside_service_area' }]);
  }
  const nearby = await searchNearbyDrivers(deps, dispatchPolicy(account.settings), pickup, carType.name, deps.now().getTime());
  return { driversNearby: nearby.drivers.length > 0 };
}

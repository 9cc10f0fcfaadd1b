import type { Availability, BookingPoint } from '../../../shared/src/contract/bookings';
import { storablePoint } from '../../../shared/src/domain/distance';
import { dispatchPolicy } from '../../../shared/src/domain/dispatch';
import { DomainError } from '../../../shared/src/domain/errors';
import type { CarTypeItem } from '../adapters/dynamodb/car-type-repository';
import type { PresenceStore } from '../ports/presence';
import type { Account } from './admit-caller';
import { searchNearbyDrivers } from './search-nearby-drivers';

const selectProper = (field: string) => new DomainError('select_proper', 400, undefined, [{ path: field, message: 'select_proper' }]);

/**
 * The booking form's early "no driver nearby" (spec §5 no_driver_found_alert_messege), asked once
 * the pickup and car type are chosen: the same search a Book Now makes, answered as yes or no.
 * Nothing is written: a question is not demand (the booking that fails counts as unserved).
 */
export async function checkAvailability(
  deps: { presence: Pick<PresenceStore, 'nearby'>; now: () => Date },
  account: Account,
  input: { pickup?: BookingPoint | null; carTypeId?: string | null },
  carType: CarTypeItem | undefined,
): Promise<Availability> {
  if (!input.pickup) throw selectProper('pickup');
  if (!input.carTypeId || !carType) throw selectProper('carTypeId');
  const nearby = await searchNearbyDrivers(deps, dispatchPolicy(account.settings), storablePoint(input.pickup), carType.name, deps.now().getTime());
  return { driversNearby: nearby.drivers.length > 0 };
}

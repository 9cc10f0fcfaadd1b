import type { AssignableDriver } from '../../../shared/src/contract/bookings';
import { dispatchPolicy, toDistanceUnit } from '../../../shared/src/domain/dispatch';
import { notFound } from '../../../shared/src/domain/errors';
import type { BookingRecord } from '../ports/bookings';
import type { PresenceStore } from '../ports/presence';
import type { Account } from './admit-caller';

/** The assign dialog looks further than dispatch does: an admin may send a driver from across town. */
export const ASSIGN_SEARCH_FACTOR = 3;
const MAX_ASSIGNABLE = 50;

/**
 * Spec §5 driver listing for assignment (queue false, approved, active, with a location), from
 * the geo index around the pickup, nearest first with the distance, the booking's car type only.
 */
export async function fetchAssignableDrivers(
  deps: { presence: PresenceStore; now: () => Date },
  account: Account,
  booking: BookingRecord | undefined,
): Promise<{ items: AssignableDriver[] }> {
  if (!booking) throw notFound();
  const policy = dispatchPolicy(account.settings);
  const found = await deps.presence.nearby(booking.pickup, policy.radiusKm * ASSIGN_SEARCH_FACTOR, { carType: booking.carType, now: deps.now().getTime(), documents: policy.documents });
  const items = found.drivers
    .filter((d) => !booking.requestedDrivers?.[d.uid])
    .slice(0, MAX_ASSIGNABLE)
    .map((d) => ({
      id: d.uid, name: d.name, carType: d.carType, ...(d.vehicleNumber ? { vehicleNumber: d.vehicleNumber } : {}),
      distance: toDistanceUnit(d.distanceKm, policy.unit), distanceUnit: policy.unit,
      location: { lat: d.lat, lng: d.lng }, ...(d.fleetadmin ? { fleetadmin: d.fleetadmin } : {}),
    }));
  return { items };
}

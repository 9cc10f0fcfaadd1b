import type { BookingView } from '../../../shared/src/contract/bookings';
import { canAssignDriver } from '../../../shared/src/domain/booking-status';
import { dispatchPolicy, MAX_LIVE_OFFERS, toDistanceUnit } from '../../../shared/src/domain/dispatch';
import { distanceKm } from '../../../shared/src/domain/distance';
import { conflict, DomainError, notFound } from '../../../shared/src/domain/errors';
import { renderNotification } from '../../../shared/src/i18n/notifications';
import type { ProfileItem } from '../ports/users';
import { carTypeKey, isDispatchable } from '../adapters/dynamodb/presence-repository';
import type { BookingRecord, BookingStore } from '../ports/bookings';
import type { DriverStateRecord } from '../ports/presence';
import type { Account } from './admit-caller';
import { presentBooking } from './present-booking';

/**
 * Spec §4 Assign driver: only a NEW booking, only an admin, only with auto-dispatch off. The
 * driver is added to requestedDrivers with an offer that stands until the booking leaves NEW
 * (at most MAX_LIVE_OFFERS at once, else 409 `offers_at_limit`), and told with the new-booking
 * title and message. The driver's eligibility (approved, online, free) is checked again inside
 * the transaction.
 */
export async function assignDriver(
  deps: { bookings: BookingStore; now: () => Date },
  account: Account,
  booking: BookingRecord | undefined,
  driver: ProfileItem | undefined,
  driverState?: DriverStateRecord,
): Promise<BookingView> {
  if (!booking) throw notFound();
  if (dispatchPolicy(account.settings).autoDispatch) throw conflict('auto_dispatch_on', 'Turn auto-dispatch off in the settings to assign drivers');
  if (!canAssignDriver(booking.status, account.profile.usertype, false)) throw conflict('conflict', `A ${booking.status} booking cannot be assigned`);
  if (!driver || driver.usertype !== 'driver') throw notFound('not_found', 'No such driver');
  if (!isDispatchable(driver)) throw conflict('driver_unavailable', 'The driver is offline, on a trip or not approved');
  if (carTypeKey(driver.carType ?? '') !== carTypeKey(booking.carType)) throw new DomainError('validation_error', 400, 'The driver drives another car type');
  if (booking.requestedDrivers?.[driver.id]) throw conflict('conflict', 'The driver already has this booking');
  // Every live offer is revoked in the cancel's or the accept's one transaction: their number is capped.
  if (Object.keys(booking.requestedDrivers ?? {}).length >= MAX_LIVE_OFFERS) throw conflict('offers_at_limit');
  const now = deps.now().getTime();
  const offer = {
    bookingId: booking.id, driver: driver.id, offeredAt: now, round: 0,
    carType: booking.carType, pickup: booking.pickup, drop: booking.drop, estimate: booking.trip_cost, driver_share: booking.driver_share,
    estimateDistance: booking.estimateDistance, distanceUnit: booking.distanceUnit,
    ...(driverState?.lat !== undefined && driverState.lng !== undefined
      ? { distanceToPickup: toDistanceUnit(distanceKm({ lat: driverState.lat, lng: driverState.lng }, booking.pickup), booking.distanceUnit) }
      : {}),
    tripdate: booking.tripdate, bookLater: booking.bookLater, assignedByAdmin: true,
  };
  const text = renderNotification('booking_assigned', { id: booking.id, pickup: booking.pickupAddress, drop: booking.dropAddress });
  const assigned = await deps.bookings.assign(booking, offer, [{ to: driver.id, kind: 'booking_assigned', ...text, bookingId: booking.id }]);
  return presentBooking(assigned, { role: 'admin', criticalEdits: account.settings.AllowCriticalEditsAdmin });
}

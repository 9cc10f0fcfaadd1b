import { randomUUID } from 'node:crypto';
import type { BookingView } from '../../../shared/src/contract/bookings';
import { assertTransition } from '../../../shared/src/domain/booking-status';
import { DomainError, notFound } from '../../../shared/src/domain/errors';
import { formatMoney } from '../../../shared/src/domain/money';
import type { BookingRecord, BookingStore, OfferRecord } from '../ports/bookings';
import type { DriverStateRecord } from '../ports/presence';
import type { TripStore } from '../ports/trips';
import type { Account } from './admit-caller';
import { advance, pointAt, present, runStep, tell } from './trip-step';

/**
 * Spec §4 ACCEPTED, in one transaction: the booking (conditioned on its version, so of many
 * simultaneous accepts exactly one wins), the driver's own offer (which must still be live),
 * every other offer revoked, the driver queued and off the geo index, a tracking point, and
 * the customer told. A driver whose offer lapsed or who went offline gets a 409. A lost race is
 * decided again on a fresh read (`runStep`): while the booking is still NEW and offered to us we
 * try again; if it is ours already (a double tap) the answer is the accepted booking.
 */
export async function acceptBooking(
  deps: { bookings: BookingStore; trips: TripStore; now: () => Date },
  account: Account,
  loaded: { booking: BookingRecord | undefined; offer: OfferRecord | undefined; state: DriverStateRecord | undefined },
): Promise<BookingView> {
  const me = account.profile;
  return runStep(deps, account, loaded.booking, {
    name: 'accept',
    answer: (b) => present(account, b),
    write: (booking) => {
      // Only a driver the booking was offered to may see it, let alone take it.
      if (!booking || (booking.driver !== me.id && !booking.requestedDrivers?.[me.id])) throw notFound();
      assertTransition(booking.status, 'ACCEPTED', 'driver');
      const now = deps.now().getTime();
      if (!loaded.offer || (loaded.offer.expiresAt !== undefined && loaded.offer.expiresAt <= now)) throw new DomainError('offer_expired', 409);
      const next = advance(booking, 'ACCEPTED', {
        driver: me.id,
        driver_name: `${me.firstName} ${me.lastName}`.trim(),
        ...(me.profile_image ? { driver_image: me.profile_image } : {}),
        driver_contact: me.mobile ?? '',
        ...(me.vehicleNumber ? { vehicle_number: me.vehicleNumber } : {}),
        ...(me.fleetadmin ? { fleetadmin: me.fleetadmin } : {}),
        ...(me.ratings?.userrating !== undefined ? { driverRating: me.ratings.userrating } : {}),
        requestedDrivers: {},
        acceptTime: now,
      });
      // A dispatch round or a decline moving the version is a lost race: runStep reads again.
      return deps.trips.apply({
        current: booking, next, at: now,
        takeOffer: me.id,
        revokeOffers: Object.keys(booking.requestedDrivers ?? {}),
        driver: { uid: me.id, queue: true, requireFree: true },
        driverState: { uid: me.id, activeBooking: { id: booking.id, status: 'ACCEPTED' }, ...(loaded.state?.indexedCell ? { unindexCell: loaded.state.indexedCell } : {}) },
        tracking: pointAt(booking, 'ACCEPTED', now, loaded.state, booking.pickup, randomUUID()),
        messages: [tell(booking.customer, 'booking_accepted', next, { fare: formatMoney(booking.trip_cost) })],
      });
    },
  });
}

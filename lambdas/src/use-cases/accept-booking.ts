import { money } from '../../../shared/src/i18n/notifications';
import { randomUUID } from 'node:crypto';
import type { BookingView } from '../../../shared/src/contract/bookings';
import { assertTransition } from '../../../shared/src/domain/booking-status';
import { conflict, DomainError, notFound } from '../../../shared/src/domain/errors';
import type { BookingRecord, BookingStore, OfferRecord } from '../ports/bookings';
import type { DriverStateRecord } from '../ports/presence';
import type { TripStore } from '../ports/trips';
import type { Account } from './admit-caller';
import { advance, pointAt, present, runStep, tell } from './trip-step';

/**
 * Spec §4 ACCEPTED, in one transaction: the booking (conditioned on its version, so of many
 * simultaneous accepts exactly one wins), the driver's own offer (which must still be live),
 * every other offer revoked, the driver queued and off the geo index, a tracking point, and
 * the customer told. A driver whose offer lapsed or who went offline gets a 409; a driver who was
 * offered the booking and finds another driver on it (won the race, or took it earlier) gets 409
 * `booking_taken`. A lost race is decided again on a fresh read (`runStep`): while the booking is
 * still NEW and offered to us we try again; if it is ours already (a double tap) the answer is the
 * accepted booking.
 */
export async function acceptBooking(
  deps: { bookings: BookingStore; trips: TripStore; now: () => Date },
  account: Account,
  loaded: { booking: BookingRecord | undefined; offer: OfferRecord | undefined; state: DriverStateRecord | undefined },
): Promise<BookingView> {
  const me = account.profile;
  const offerLive = () => loaded.offer !== undefined && (loaded.offer.expiresAt === undefined || loaded.offer.expiresAt > deps.now().getTime());
  // The admission's reads are neither one snapshot nor strongly consistent: an offer already gone
  // beside a booking that still looks NEW may be another driver's win. Ask the booking again.
  const first = loaded.booking?.status === 'NEW' && !offerLive() ? await deps.bookings.get(loaded.booking.id, { consistent: true }) : loaded.booking;
  return runStep(deps, account, first, {
    name: 'accept',
    answer: (b) => present(account, b),
    write: (booking) => {
      // `asked` remembers every driver offered the booking, after their offer is gone.
      const offered = booking !== undefined && (booking.requestedDrivers?.[me.id] === true || booking.asked?.[me.id] !== undefined);
      // Only a driver the booking was offered to may see it, let alone take it.
      if (!booking || (booking.driver !== me.id && !offered)) throw notFound();
      if (booking.driver !== undefined && booking.driver !== me.id) throw conflict('booking_taken');
      // Cancelled (by its rider, an admin or the system) while the offer stood.
      if (booking.status === 'CANCELLED' && booking.driver === undefined) throw new DomainError('offer_expired', 409);
      assertTransition(booking.status, 'ACCEPTED', 'driver');
      if (!offerLive()) throw new DomainError('offer_expired', 409);
      const now = deps.now().getTime();
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
        messages: [tell(booking.customer, 'booking_accepted', next, { fare: money(booking.trip_cost, account.settings.symbol ?? '') })],
        storyEvent: { kind: 'accepted', at: now, driver: me.id, driverName: next.driver_name, round: booking.asked?.[me.id] ?? booking.dispatchRound },
      });
    },
  });
}

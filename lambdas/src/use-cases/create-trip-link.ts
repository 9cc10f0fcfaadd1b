import { conflict } from '../../../shared/src/domain/errors';
import { tripLinkLive } from '../../../shared/src/domain/trip-link';
import type { BookingRecord } from '../ports/bookings';
import type { TripLinkStore } from '../ports/trip-links';
import type { Account } from './admit-caller';
import { mintTripLink, ownBooking } from './share-trip';

/** The rider shares their live trip: a new link each time, and the one before it dies. */
export async function createTripLink(
  deps: { tripLinks: TripLinkStore; hash: (token: string) => string; now: () => Date },
  account: Account, booking: BookingRecord | undefined,
) {
  const own = ownBooking(account, booking);
  if (!tripLinkLive(own.status)) throw conflict('trip_link_trip_over');
  return mintTripLink(deps, own.id, 'rider');
}

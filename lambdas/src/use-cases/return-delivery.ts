import { randomUUID } from 'node:crypto';
import type { BookingView } from '../../../shared/src/contract/bookings';
import { returnRefusal, type FailedDelivery } from '../../../shared/src/domain/delivery-proof';
import type { BookingRecord, BookingStore } from '../ports/bookings';
import type { DriverStateRecord } from '../ports/presence';
import type { TripStore } from '../ports/trips';
import type { Account } from './admit-caller';
import { pressDriverStep } from './press-driver-step';
import { pointAt, present, tell } from './trip-step';

export interface ReturnDeliveryDeps {
  bookings: Pick<BookingStore, 'get'>;
  trips: Pick<TripStore, 'apply'>;
  now: () => Date;
}

/**
 * The parcel of a failed delivery is back with its sender: the return is marked done, with a
 * tracking point where it was handed back (the driver's last ping, else the pickup), in one
 * transaction on the booking's version. The trip is then settled as any other.
 */
export async function returnDelivery(deps: ReturnDeliveryDeps, account: Account, loaded: BookingRecord | undefined, state: DriverStateRecord | undefined): Promise<BookingView> {
  const written = await pressDriverStep(deps, account, loaded, {
    refusal: (booking) => {
      const code = returnRefusal(booking);
      return code ? { code, message: `No return can be marked done now (${code})` } : undefined;
    },
    write: (booking) => {
      const at = deps.now().getTime();
      // returnRefusal let only a failed delivery through.
      const failed = booking.deliveryProof as FailedDelivery;
      const next: BookingRecord = { ...booking, deliveryProof: { ...failed, returnedAt: at }, version: booking.version + 1 };
      return deps.trips.apply({
        current: booking, next, at,
        tracking: pointAt(booking, 'REACHED', at, state, booking.pickup, randomUUID()),
        // The drive back is over: the pings stop being its points (the driver stays queued until settled).
        driverState: { uid: account.profile.id, activeBooking: null },
        messages: [tell(booking.customer, 'parcel_returned', next)],
      });
    },
  });
  return present(account, written);
}

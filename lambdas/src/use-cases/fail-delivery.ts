import type { BookingView } from '../../../shared/src/contract/bookings';
import { proofRefusal, withReturnLeg, type DeliveryFailureReason, type DeliveryProof, type ReturnLeg } from '../../../shared/src/domain/delivery-proof';
import { DomainError } from '../../../shared/src/domain/errors';
import { money, term } from '../../../shared/src/i18n/notifications';
import { carTypeToItem } from '../adapters/dynamodb/car-type-repository';
import type { BookingRecord, BookingStore } from '../ports/bookings';
import type { CarTypeStore } from '../ports/catalog';
import type { GeoService } from '../ports/geo';
import type { ServiceAreaStore } from '../ports/service-areas';
import type { TripStore } from '../ports/trips';
import type { Account } from './admit-caller';
import { pressDriverStep } from './press-driver-step';
import { priceTrip } from './price-trip';
import { present, tell } from './trip-step';

export interface FailDeliveryDeps {
  bookings: Pick<BookingStore, 'get'>;
  trips: Pick<TripStore, 'apply'>;
  carTypes: Pick<CarTypeStore, 'get'>;
  geo: () => GeoService;
  serviceAreas: Pick<ServiceAreaStore, 'list' | 'revision'>;
  now: () => Date;
}

/**
 * The parcel's driver records at the drop that it could not be delivered, and why. The parcel goes
 * back to the sender: the return leg (drop back to pickup) is priced on the server's own route by
 * the §9 rules of the booking's car type, as the trip was (the parcel type and option were paid on
 * the way out, so they are not charged again), and added to what the sender pays as its own line.
 * One transaction on the booking's version, which also makes the drive back a tracked one (the
 * driver's pings are its points until the return is marked done); the sender is told what the
 * return costs.
 */
export async function failDelivery(deps: FailDeliveryDeps, account: Account, loaded: BookingRecord | undefined, reason: DeliveryFailureReason): Promise<BookingView> {
  const written = await pressDriverStep(deps, account, loaded, {
    refusal: (booking) => {
      const code = proofRefusal(booking, { method: 'failed' });
      return code ? { code, message: `No failed delivery can be recorded now (${code})` } : undefined;
    },
    write: async (booking) => {
      const returnLeg = await priceReturnLeg(deps, account, booking);
      const at = deps.now().getTime();
      const proof: DeliveryProof = { outcome: 'failed', reason, at, returnLeg };
      const next: BookingRecord = { ...withReturnLeg(booking, returnLeg), deliveryProof: proof, version: booking.version + 1 };
      return deps.trips.apply({
        current: booking, next, at,
        // The drive back is tracked as the trip was: the driver's pings are its points again.
        driverState: { uid: account.profile.id, activeBooking: { id: booking.id, status: 'REACHED' } },
        messages: [tell(booking.customer, 'parcel_returning', next, { reason: term(`failure_${reason}`), fare: money(returnLeg.trip_cost, account.settings.symbol ?? '') })],
      });
    },
  });
  return present(account, written);
}

async function priceReturnLeg(deps: FailDeliveryDeps, account: Account, booking: BookingRecord): Promise<ReturnLeg> {
  const carType = await deps.carTypes.get(booking.carTypeId);
  if (!carType) throw new DomainError('conflict', 409, 'The booking\'s car type no longer exists: the return cannot be priced');
  const priced = await priceTrip(deps, {
    pickup: booking.drop, drop: booking.pickup, carType: carTypeToItem(carType), settings: account.settings,
    parcelTypeIndex: null, optionIndex: null, noRouteCode: 'place_to_coords_error',
  });
  return {
    distance: priced.estimate.estimateDistance, time: priced.estimate.estimateTime,
    trip_cost: priced.fare.trip_cost, convenience_fees: priced.fare.convenience_fees, driver_share: priced.fare.driver_share,
  };
}

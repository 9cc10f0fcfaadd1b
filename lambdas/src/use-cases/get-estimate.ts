import type { BookingPoint, Estimate } from '../../../shared/src/contract/bookings';
import { DomainError } from '../../../shared/src/domain/errors';
import type { CarTypeItem } from '../adapters/dynamodb/car-type-repository';
import type { GeoService } from '../ports/geo';
import type { ServiceAreaStore } from '../ports/service-areas';
import type { Account } from './admit-caller';
import { priceTrip } from './price-trip';

const selectProper = (field: string) => new DomainError('select_proper', 400, undefined, [{ path: field, message: 'select_proper' }]);

/** Spec §4 Booking flow: the estimate modal's figures, computed on the server's route (§9). */
export async function getEstimate(
  deps: { geo: () => GeoService; serviceAreas: Pick<ServiceAreaStore, 'list' | 'revision'> },
  account: Account,
  input: { pickup?: BookingPoint | null; drop?: BookingPoint | null; stops?: readonly BookingPoint[]; carTypeId?: string | null; parcelTypeIndex?: number | null; optionIndex?: number | null },
  carType: CarTypeItem | undefined,
): Promise<Estimate> {
  if (!input.pickup) throw selectProper('pickup');
  if (!input.drop) throw selectProper('drop');
  if (!input.carTypeId || !carType) throw selectProper('carTypeId');
  const priced = await priceTrip(deps, {
    pickup: input.pickup, drop: input.drop, stops: input.stops, carType, settings: account.settings,
    parcelTypeIndex: input.parcelTypeIndex, optionIndex: input.optionIndex, noRouteCode: 'no_route_found',
  });
  return priced.estimate;
}

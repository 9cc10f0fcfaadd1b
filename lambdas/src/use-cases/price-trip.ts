import type { BookingPoint, Estimate } from '../../../shared/src/contract/bookings';
import { dispatchPolicy } from '../../../shared/src/domain/dispatch';
import { KM_PER_MILE, routeHasDistance } from '../../../shared/src/domain/distance';
import { DomainError } from '../../../shared/src/domain/errors';
import { addZoneFees, calculateFare, ratesFromCarType, type FareParts, type ZoneFeeLine } from '../../../shared/src/domain/fare';
import { toDecimal } from '../../../shared/src/domain/money';
import { itemToCarType, type CarTypeItem } from '../adapters/dynamodb/car-type-repository';
import type { StoredPricedItem } from '../ports/bookings';
import { GeoProviderError, type GeoService } from '../ports/geo';
import type { ServiceAreaStore } from '../ports/service-areas';
import type { AppSettings } from '../ports/settings';
import { tripZoneFees } from './areas-in-force';

export interface PricedTrip {
  estimate: Estimate;
  /** Minor units, as stored. */
  fare: { trip_cost: number; convenience_fees: number; driver_share: number; fare_parts: FareParts; zone_fees?: ZoneFeeLine[] };
  parcelTypeSelected?: StoredPricedItem;
  optionSelected?: StoredPricedItem;
  carImage?: string;
}

/**
 * The parcel type and option a delivery-mode booking chose, from the car type's own lists (the
 * client sends indexes, never amounts). A car type that has them needs a choice (select_proper);
 * null is the choice "none", priced as no parcel amount (§9 adds "any" parcel type or option).
 */
export function choosePricedItems(carType: CarTypeItem, mode: AppSettings['appMode'], choice: { parcelTypeIndex?: number | null; optionIndex?: number | null }) {
  if (mode !== 'delivery') return {};
  const pick = (list: StoredPricedItem[] | undefined, index: number | null | undefined, field: string) => {
    if (!list?.length || index === null) return undefined;
    const item = index === undefined ? undefined : list[index];
    if (!item) throw new DomainError('select_proper', 400, undefined, [{ path: field, message: 'select_proper' }]);
    return { description: item.description, amount: item.amount };
  };
  return {
    parcelTypeSelected: pick(carType.parcelTypes, choice.parcelTypeIndex, 'parcelTypeIndex'),
    optionSelected: pick(carType.options, choice.optionIndex, 'optionIndex'),
  };
}

/**
 * Spec §9 fare on the server's own route: distance in the settings' unit, duration, base fare,
 * parcel type and option amounts, minimum fare, convenience fee. `noRouteCode` is what a missing
 * route is called where this runs (the estimate says 'No Route Found', booking place_to_coords_error).
 */
export async function priceTrip(
  deps: { geo: () => GeoService; serviceAreas: Pick<ServiceAreaStore, 'list' | 'revision'> },
  input: { pickup: BookingPoint; drop: BookingPoint; stops?: readonly BookingPoint[]; carType: CarTypeItem; settings: AppSettings; parcelTypeIndex?: number | null; optionIndex?: number | null; noRouteCode: 'no_route_found' | 'place_to_coords_error' },
): Promise<PricedTrip> {
  const { carType, settings } = input;
  const items = choosePricedItems(carType, settings.appMode, input);
  // Where the platform operates, and the zones' fixed fees, before any call to the map service.
  const zoneFees = await tripZoneFees(deps, input);
  let route;
  try {
    // A pickup or drop at sea is no place (place_to_coords_error) before it is no route.
    for (const path of ['pickup', 'drop'] as const) {
      if (!(await deps.geo().onLand(input[path]))) throw new DomainError('place_to_coords_error', 422, undefined, [{ path, message: 'place_to_coords_error' }]);
    }
    route = await routeThroughStops(deps, input.pickup, input.stops ?? [], input.drop);
  } catch (e) {
    if (e instanceof GeoProviderError) throw new DomainError(input.noRouteCode === 'no_route_found' ? 'fetch_call_error' : 'place_to_coords_error', 502);
    throw e;
  }
  // Spec §5: a route without distance (none, or the pickup is the drop) is an error, never a minimum fare.
  if (!route || !routeHasDistance(route)) throw new DomainError(input.noRouteCode, 422, undefined, [{ path: 'drop', message: input.noRouteCode }]);
  const policy = dispatchPolicy(settings);
  const distance = policy.unit === 'mile' ? route.distance / KM_PER_MILE : route.distance;
  const fare = addZoneFees(calculateFare({
    rates: ratesFromCarType(itemToCarType(carType)),
    distance,
    durationSeconds: route.duration,
    parcelTypeAmount: items.parcelTypeSelected?.amount,
    optionAmount: items.optionSelected?.amount,
  }), zoneFees);
  const round2 = (n: number) => Math.round(n * 100) / 100;
  return {
    estimate: {
      carTypeId: carType.id,
      carType: carType.name,
      estimateFare: toDecimal(fare.grandTotal),
      totalFare: toDecimal(fare.totalFare),
      convenience_fees: toDecimal(fare.convenienceFees),
      driver_share: toDecimal(fare.driverShare),
      estimateDistance: round2(distance),
      distanceUnit: policy.unit,
      estimateTime: Math.round(route.duration),
      ...(items.parcelTypeSelected ? { parcelTypeSelected: { description: items.parcelTypeSelected.description, amount: toDecimal(items.parcelTypeSelected.amount) } } : {}),
      ...(items.optionSelected ? { optionSelected: { description: items.optionSelected.description, amount: toDecimal(items.optionSelected.amount) } } : {}),
      ...(fare.zoneFees ? { zone_fees: fare.zoneFees.map((z) => ({ label: z.label, amount: toDecimal(z.amount) })) } : {}),
      route,
    },
    fare: { trip_cost: fare.grandTotal, convenience_fees: fare.convenienceFees, driver_share: fare.driverShare, fare_parts: fare.parts, ...(fare.zoneFees ? { zone_fees: fare.zoneFees } : {}) },
    ...items,
    ...(carType.image ? { carImage: carType.image } : {}),
  };
}

/**
 * The whole route a booking is priced on: pickup, its stops in order, drop (domain/stops). A stop
 * at sea is refused on its own (400 stop_not_a_place, its index in the path) before any route is
 * asked for, so no leg to it is ever priced.
 */
async function routeThroughStops(deps: { geo: () => GeoService }, pickup: BookingPoint, stops: readonly BookingPoint[], drop: BookingPoint) {
  for (const [i, stop] of stops.entries()) {
    if (!(await deps.geo().onLand(stop))) throw new DomainError('stop_not_a_place', 400, undefined, [{ path: `stops.${i}`, message: 'stop_not_a_place' }]);
  }
  return deps.geo().route(pickup, drop, stops);
}

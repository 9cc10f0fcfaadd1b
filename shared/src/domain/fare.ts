import { badRequest } from './errors';
import { percentOf, roundMinor, toMinor } from './money';

/** Both 'percent' and 'percentage' occur in stored car types (spec §3); they mean the same. */
export type FeeType = 'flat' | 'percent' | 'percentage';

export function isPercentFee(type: FeeType): boolean {
  return type === 'percent' || type === 'percentage';
}

/**
 * Prices of a car type in minor units. `convenience_fees` is minor units when the fee is flat
 * and a plain percentage (10 = 10 %) otherwise, which is how the car type stores it.
 */
export interface FareRates {
  base_fare: number;
  rate_per_unit_distance: number;
  rate_per_hour: number;
  min_fare: number;
  convenience_fees: number;
  convenience_fee_type: FeeType;
}

export interface FareInput {
  rates: FareRates;
  /** In the unit the distance rate applies to (km, or miles when convert_to_mile is on). */
  distance: number;
  durationSeconds: number;
  /** Amount of the selected parcel type, minor units. */
  parcelTypeAmount?: number;
  /** Amount of the selected option, minor units. */
  optionAmount?: number;
}

/**
 * What the fare is made of, minor units, as the receipt lists it. The parts add up to `totalFare`
 * exactly: a minimum fare shows as its own top-up, and the half-unit left by rounding each part
 * on its own is carried by the distance part.
 */
export interface FareParts {
  base: number;
  distance: number;
  time: number;
  parcel: number;
  option: number;
  /** What the minimum fare added above the computed parts (0 when the trip cost more). */
  minimum: number;
}

/** All in minor units. */
export interface Fare {
  /** The fare before the convenience fee: max(computed, min_fare). */
  totalFare: number;
  convenienceFees: number;
  /** totalFare + convenienceFees: what the customer is charged (the booking's trip_cost). */
  grandTotal: number;
  /** grandTotal − convenienceFees. */
  driverShare: number;
  parts: FareParts;
  /** Fixed fees of the zones the trip starts or ends in (`addZoneFees`); outside `totalFare`. */
  zoneFees?: ZoneFeeLine[];
}

function requireAmount(value: number, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw badRequest('validation_error', `${field} must be a finite number of at least 0`);
  }
  return value;
}

/**
 * Spec §9 fare. Each figure is rounded to whole minor units (the spec's 2 decimals) and the
 * grand total is the sum of the rounded parts, so total + fee = grand total always holds on
 * the receipt.
 */
export function calculateFare(input: FareInput): Fare {
  const { rates } = input;
  const distanceRate = requireAmount(rates.rate_per_unit_distance, 'rate_per_unit_distance');
  const hourRate = requireAmount(rates.rate_per_hour, 'rate_per_hour');
  const baseFare = requireAmount(rates.base_fare, 'base_fare');
  const minFare = requireAmount(rates.min_fare, 'min_fare');
  const feeValue = requireAmount(rates.convenience_fees, 'convenience_fees');
  const distance = requireAmount(input.distance, 'distance');
  const seconds = requireAmount(input.durationSeconds, 'durationSeconds');
  const parcel = requireAmount(input.parcelTypeAmount ?? 0, 'parcelTypeAmount');
  const option = requireAmount(input.optionAmount ?? 0, 'optionAmount');
  if (rates.convenience_fee_type !== 'flat' && !isPercentFee(rates.convenience_fee_type)) {
    throw badRequest('validation_error', 'convenience_fee_type must be flat, percent or percentage');
  }

  let computed = distanceRate * distance + hourRate * (seconds / 3600);
  if (baseFare > 0) computed += baseFare;
  computed += parcel + option;

  const totalFare = roundMinor(Math.max(computed, minFare));
  const convenienceFees = isPercentFee(rates.convenience_fee_type)
    ? percentOf(totalFare, feeValue)
    : roundMinor(feeValue);
  const grandTotal = totalFare + convenienceFees;
  return { totalFare, convenienceFees, grandTotal, driverShare: grandTotal - convenienceFees, parts: fareParts(totalFare, computed < minFare, {
    base: baseFare > 0 ? roundMinor(baseFare) : 0,
    distance: roundMinor(distanceRate * distance),
    time: roundMinor(hourRate * (seconds / 3600)),
    parcel: roundMinor(parcel),
    option: roundMinor(option),
  }) };
}

function fareParts(totalFare: number, atMinimum: boolean, rounded: Omit<FareParts, 'minimum'>): FareParts {
  const sum = rounded.base + rounded.distance + rounded.time + rounded.parcel + rounded.option;
  if (atMinimum) return { ...rounded, minimum: Math.max(0, totalFare - sum) };
  return { ...rounded, distance: rounded.distance + (totalFare - sum), minimum: 0 };
}

/** A car type as the API carries it: decimal money (12.50), percent fees as plain numbers. */
export interface DecimalCarTypePrices {
  base_fare: number;
  rate_per_unit_distance: number;
  rate_per_hour: number;
  min_fare: number;
  convenience_fees: number;
  convenience_fee_type: FeeType;
}

/** Decimal car type prices → FareRates in minor units (percent fees stay percentages). */
export function ratesFromCarType(carType: DecimalCarTypePrices): FareRates {
  return {
    base_fare: toMinor(carType.base_fare),
    rate_per_unit_distance: toMinor(carType.rate_per_unit_distance),
    rate_per_hour: toMinor(carType.rate_per_hour),
    min_fare: toMinor(carType.min_fare),
    convenience_fees: isPercentFee(carType.convenience_fee_type)
      ? carType.convenience_fees
      : toMinor(carType.convenience_fees),
    convenience_fee_type: carType.convenience_fee_type,
  };
}

/** A zone's fixed fee on a trip (an airport pickup, say), minor units; see domain/service-areas. */
export interface ZoneFeeLine { areaId: string; label: string; amount: number }

/**
 * The fare with the zones' fixed fees added as their own lines. A zone fee is an access fee
 * passed through: the rider pays it (it is in the grand total, the booking's trip_cost) and the
 * driver, who pays it at the gate, gets it whole in the driver share; the convenience fee is
 * computed on `totalFare` alone, so the platform takes no commission on it.
 */
export function addZoneFees(fare: Fare, fees: readonly ZoneFeeLine[]): Fare {
  const zone = fees.reduce((sum, f) => sum + roundMinor(f.amount), 0);
  if (fees.length === 0) return fare;
  return {
    ...fare,
    grandTotal: fare.grandTotal + zone,
    driverShare: fare.driverShare + zone,
    zoneFees: fees.map((f) => ({ areaId: f.areaId, label: f.label, amount: roundMinor(f.amount) })),
  };
}

/** The zone fees' sum, minor units. */
export const zoneFeesTotal = (fees: readonly { amount: number }[] | undefined): number => (fees ?? []).reduce((s, f) => s + f.amount, 0);

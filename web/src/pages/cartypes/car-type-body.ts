import type { BodyOf, CarType, Contract } from '../../../../shared/src/contract';

export type CarTypeBody = BodyOf<Contract['addCarType']>;

/** A stored car type as the fields of an update: the image is kept unless the caller replaces it. */
export function fieldsOf(c: CarType, change: Partial<CarTypeBody> = {}): CarTypeBody {
  return {
    name: c.name,
    base_fare: c.base_fare,
    rate_per_unit_distance: c.rate_per_unit_distance,
    rate_per_hour: c.rate_per_hour,
    min_fare: c.min_fare,
    convenience_fees: c.convenience_fees,
    convenience_fee_type: c.convenience_fee_type,
    extra_info: c.extra_info ?? '',
    parcelTypes: c.parcelTypes,
    options: c.options,
    cancelSlab: c.cancelSlab,
    ...change,
  };
}

/** Whole minutes >= 0. */
export function parseMinutes(text: string): number | undefined {
  const t = text.trim();
  return /^\d{1,6}$/.test(t) ? Number(t) : undefined;
}

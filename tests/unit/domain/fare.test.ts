import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../shared/src/domain/errors';
import { calculateFare, ratesFromCarType, type FareRates } from '../../../shared/src/domain/fare';

const rates = (over: Partial<FareRates> = {}): FareRates => ({
  base_fare: 0,
  rate_per_unit_distance: 0,
  rate_per_hour: 0,
  min_fare: 0,
  convenience_fees: 0,
  convenience_fee_type: 'flat',
  ...over,
});

describe('§9 fare', () => {
  it.each([
    {
      name: 'distance + time + base, percent fee',
      rates: rates({ base_fare: 500, rate_per_unit_distance: 150, rate_per_hour: 1200, min_fare: 1000, convenience_fees: 10, convenience_fee_type: 'percent' }),
      distance: 10, seconds: 1800,
      // 150*10 + 1200*0.5 + 500 = 2600; fee 10% = 260
      expected: { totalFare: 2600, convenienceFees: 260, grandTotal: 2860, driverShare: 2600 },
    },
    {
      name: 'min fare applied',
      rates: rates({ rate_per_unit_distance: 100, min_fare: 1500, convenience_fees: 200 }),
      distance: 2, seconds: 0,
      expected: { totalFare: 1500, convenienceFees: 200, grandTotal: 1700, driverShare: 1500 },
    },
    {
      name: 'computed exactly equal to min fare',
      rates: rates({ rate_per_unit_distance: 100, min_fare: 200 }),
      distance: 2, seconds: 0,
      expected: { totalFare: 200, convenienceFees: 0, grandTotal: 200, driverShare: 200 },
    },
    {
      name: 'base fare of 0 adds nothing',
      rates: rates({ base_fare: 0, rate_per_unit_distance: 100 }),
      distance: 3, seconds: 0,
      expected: { totalFare: 300, convenienceFees: 0, grandTotal: 300, driverShare: 300 },
    },
    {
      name: 'x.xx5 rounds half away from zero (1.5 × 3.333 = 4.9995 → 5.00)',
      rates: rates({ rate_per_unit_distance: 150 }),
      distance: 3.333, seconds: 0,
      expected: { totalFare: 500, convenienceFees: 0, grandTotal: 500, driverShare: 500 },
    },
    {
      name: 'hourly rate on seconds/3600 with rounding (10.00/h × 100 s = 27.78 cents)',
      rates: rates({ rate_per_hour: 1000 }),
      distance: 0, seconds: 100,
      expected: { totalFare: 28, convenienceFees: 0, grandTotal: 28, driverShare: 28 },
    },
    {
      name: 'percent fee rounds half away from zero (5% of 10.10 = 0.505 → 0.51)',
      rates: rates({ rate_per_unit_distance: 1010, convenience_fees: 5, convenience_fee_type: 'percentage' }),
      distance: 1, seconds: 0,
      expected: { totalFare: 1010, convenienceFees: 51, grandTotal: 1061, driverShare: 1010 },
    },
  ])('$name', ({ rates: r, distance, seconds, expected }) => {
    expect(calculateFare({ rates: r, distance, durationSeconds: seconds })).toMatchObject(expected);
  });

  it('adds parcel type and option amounts before the min fare comparison', () => {
    const r = rates({ rate_per_unit_distance: 100, min_fare: 1000, base_fare: 100 });
    expect(calculateFare({ rates: r, distance: 5, durationSeconds: 0, parcelTypeAmount: 300, optionAmount: 200 }).totalFare).toBe(1100);
    expect(calculateFare({ rates: r, distance: 5, durationSeconds: 0, parcelTypeAmount: 100 }).totalFare).toBe(1000);
  });

  it("'percent' and 'percentage' give the same fee", () => {
    const base = { rate_per_unit_distance: 1234, convenience_fees: 7.5 };
    const a = calculateFare({ rates: rates({ ...base, convenience_fee_type: 'percent' }), distance: 3, durationSeconds: 600 });
    const b = calculateFare({ rates: rates({ ...base, convenience_fee_type: 'percentage' }), distance: 3, durationSeconds: 600 });
    expect(a).toEqual(b);
    expect(a.convenienceFees).toBeGreaterThan(0);
  });

  it('flat fee is added as is', () => {
    const f = calculateFare({ rates: rates({ rate_per_unit_distance: 100, convenience_fees: 250 }), distance: 1, durationSeconds: 0 });
    expect(f).toMatchObject({ totalFare: 100, convenienceFees: 250, grandTotal: 350, driverShare: 100 });
  });

  it('grand total − fee = driver share and every figure is a whole minor unit', () => {
    for (const d of [0.37, 1.11, 7.777, 13.005]) {
      const f = calculateFare({
        rates: rates({ base_fare: 333, rate_per_unit_distance: 127, rate_per_hour: 999, min_fare: 50, convenience_fees: 12.5, convenience_fee_type: 'percent' }),
        distance: d, durationSeconds: 777,
      });
      for (const v of [f.totalFare, f.convenienceFees, f.grandTotal, f.driverShare, ...Object.values(f.parts)]) expect(Number.isInteger(v)).toBe(true);
      expect(f.grandTotal).toBe(f.totalFare + f.convenienceFees);
      expect(f.driverShare).toBe(f.grandTotal - f.convenienceFees);
    }
  });

  it.each([
    ['distance', { distance: -1 }],
    ['durationSeconds', { durationSeconds: -5 }],
    ['parcelTypeAmount', { parcelTypeAmount: -1 }],
    ['optionAmount', { optionAmount: Number.NaN }],
    ['min_fare', { rates: rates({ min_fare: -1 }) }],
    ['rate_per_unit_distance', { rates: rates({ rate_per_unit_distance: Number.POSITIVE_INFINITY }) }],
    ['convenience_fees', { rates: rates({ convenience_fees: -3 }) }],
  ])('rejects a bad %s with DomainError', (_field, over) => {
    const input = { rates: rates(), distance: 1, durationSeconds: 1, ...over };
    expect(() => calculateFare(input)).toThrow(DomainError);
  });

  it('rejects an unknown fee type', () => {
    const r = { ...rates(), convenience_fee_type: 'weird' } as unknown as FareRates;
    expect(() => calculateFare({ rates: r, distance: 1, durationSeconds: 1 })).toThrow(DomainError);
  });

  it('converts decimal car type prices to minor units, keeping percent fees as percentages', () => {
    expect(ratesFromCarType({ base_fare: 5, rate_per_unit_distance: 1.25, rate_per_hour: 12, min_fare: 10.1, convenience_fees: 15, convenience_fee_type: 'percentage' }))
      .toEqual({ base_fare: 500, rate_per_unit_distance: 125, rate_per_hour: 1200, min_fare: 1010, convenience_fees: 15, convenience_fee_type: 'percentage' });
    expect(ratesFromCarType({ base_fare: 0, rate_per_unit_distance: 0, rate_per_hour: 0, min_fare: 0, convenience_fees: 2.5, convenience_fee_type: 'flat' }).convenience_fees).toBe(250);
  });
});

describe('§9 fare parts (the receipt\'s lines)', () => {
  it('lists base, distance, time, parcel and option, adding up to the fare', () => {
    const f = calculateFare({ rates: rates({ base_fare: 500, rate_per_unit_distance: 150, rate_per_hour: 1200, min_fare: 100 }), distance: 10, durationSeconds: 1800, parcelTypeAmount: 300, optionAmount: 200 });
    expect(f.parts).toEqual({ base: 500, distance: 1500, time: 600, parcel: 300, option: 200, minimum: 0 });
    expect(f.totalFare).toBe(3100);
  });

  it('shows what the minimum fare added as its own part', () => {
    const f = calculateFare({ rates: rates({ rate_per_unit_distance: 100, min_fare: 1000 }), distance: 2, durationSeconds: 0 });
    expect(f.parts).toEqual({ base: 0, distance: 200, time: 0, parcel: 0, option: 0, minimum: 800 });
  });

  it('parts add up to the fare exactly whatever the rounding', () => {
    for (const d of [0.37, 1.11, 7.777, 13.005]) {
      const f = calculateFare({ rates: rates({ base_fare: 333, rate_per_unit_distance: 123, rate_per_hour: 777 }), distance: d, durationSeconds: 1234 });
      const p = f.parts;
      expect(p.base + p.distance + p.time + p.parcel + p.option + p.minimum).toBe(f.totalFare);
    }
  });
});

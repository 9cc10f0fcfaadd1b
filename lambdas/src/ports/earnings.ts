/** One pre-aggregated earnings item as stored (minor units), added to by the PAID step. */
export interface EarningsAggregate {
  tripCost: number;
  rideCost: number;
  convenienceFee: number;
  discount: number;
  driverShare: number;
  customerPaid: number;
  bookings: number;
  /** Bookings with a convenience fee above 0 (spec §5 dashboard rule). */
  feeBookings: number;
  /** Tips added to these bookings (the driver's in full; not in customerPaid or any fee); none before the first tip. */
  tips?: number;
}

export interface MonthAggregate extends EarningsAggregate {
  /** YYYY-MM */
  month: string;
}

export interface DayAggregate extends EarningsAggregate {
  /** YYYY-MM-DD */
  day: string;
}

export interface DriverMonthAggregate extends EarningsAggregate {
  month: string;
  driverUid: string;
  driverName: string;
  vehicleNumber?: string;
}

/** `scope`: every booking, or a fleet's drivers' bookings. Months are YYYY-MM, inclusive. */
export interface EarningsStore {
  months(scope: 'ALL' | `FLEET#${string}`, range: { from?: string; to?: string }): Promise<MonthAggregate[]>;
  /** The day items of a scope between two days (YYYY-MM-DD, inclusive). */
  days(scope: 'ALL' | `FLEET#${string}`, range: { from: string; to: string }): Promise<DayAggregate[]>;
  driverMonths(scope: 'ALL' | `FLEET#${string}`, range: { from?: string; to?: string }): Promise<DriverMonthAggregate[]>;
}

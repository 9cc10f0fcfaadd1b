/** One pre-aggregated earnings item as stored (minor units), added to by the PAID step. */
export interface EarningsAggregate {
  tripCost: number;
  rideCost: number;
  convenienceFee: number;
  discount: number;
  driverShare: number;
  customerPaid: number;
  bookings: number;
}

export interface MonthAggregate extends EarningsAggregate {
  /** YYYY-MM */
  month: string;
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
  driverMonths(scope: 'ALL' | `FLEET#${string}`, range: { from?: string; to?: string }): Promise<DriverMonthAggregate[]>;
}

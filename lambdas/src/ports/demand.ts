import type { LatLng } from '../../../shared/src/domain/distance';

/** One day's demand in a ~5 km cell (5-character geohash). */
export interface DemandCellRecord {
  cell: string;
  /** The cell's centre. */
  lat: number;
  lng: number;
  bookings: number;
  unserved: number;
}

/**
 * Demand aggregates (beyond the spec), filed by the operator's day of the event (its time zone, as
 * the dashboard's other figures) and the pickup's cell.
 * Bookings are counted in the booking's own transaction (BookingStore.create); unserved requests
 * here, one ADD each.
 */
export interface DemandStore {
  /** A request nobody served: a Book Now that found no driver, a booking given up for lack of drivers. */
  unserved(pickup: LatLng, day: string, at: number): Promise<void>;
  cells(day: string): Promise<DemandCellRecord[]>;
}

import type { LatLng } from '../../../shared/src/domain/distance';
import type { ProfileItem } from '../adapters/dynamodb/user-repository';

/** A driver's last known place and where the geo index holds them. */
export interface DriverStateRecord {
  uid: string;
  lat?: number;
  lng?: number;
  /** When the last location arrived (ms). */
  at?: number;
  /** The 5-character geohash cell of the driver's index entry, when indexed. */
  indexedCell?: string;
  indexedAt?: number;
  /** The trip the driver's pings track (ACCEPTED, ARRIVED, STARTED), and its status. */
  activeBooking?: string;
  activeStatus?: string;
}

export interface NearbyDriver {
  uid: string;
  lat: number;
  lng: number;
  /** From the search centre, km. */
  distanceKm: number;
  carType: string;
  name: string;
  vehicleNumber?: string;
  fleetadmin?: string;
  /** When the index entry was written (ms). */
  at: number;
}

export interface NearbyResult {
  drivers: NearbyDriver[];
  /** Index items DynamoDB read (before the freshness and car type filters): the search's cost. */
  itemsRead: number;
  queries: number;
}

export interface PresenceStore {
  state(uid: string): Promise<DriverStateRecord | undefined>;
  /**
   * Records a location: one conditional write (a ping older than the stored one is ignored). The
   * index entry is rewritten only when the driver changed cell or the last write is older than
   * the heartbeat, and removed when the driver may not be dispatched. During a trip the ping
   * also writes the trip's tracking point (a second write only then).
   */
  ping(profile: ProfileItem, point: LatLng, now: number): Promise<{ at: number; indexed: boolean }>;
  /** driverActiveStatus and the index entry change together. */
  setAvailability(profile: ProfileItem, state: DriverStateRecord | undefined, online: boolean, now: number): Promise<{ profile: ProfileItem; state?: DriverStateRecord }>;
  /** Dispatchable drivers within `radiusKm` of `center`, nearest first, from the geo index only. */
  nearby(center: LatLng, radiusKm: number, filter: { carType?: string; now: number }): Promise<NearbyResult>;
}

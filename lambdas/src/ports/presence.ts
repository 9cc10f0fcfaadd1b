import type { LatLng } from '../../../shared/src/domain/distance';
import type { DocumentRule } from '../../../shared/src/domain/driver-documents';
import type { ProfileItem } from './users';

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
  /** Online as set by going online or offline (the stream tells the map who went away). */
  online?: boolean;
  /** The driver's fleet admin, copied by every ping so the positions stream can route by fleet. */
  fleetadmin?: string;
  /** When the online roster entry was last written (ms). */
  rosterAt?: number;
}

/** A driver on the dashboard map: the roster's copy of the profile and the state's last point. */
export interface OnlineDriver {
  uid: string;
  name: string;
  carType: string;
  vehicleNumber?: string;
  fleetadmin?: string;
  lat: number;
  lng: number;
  at: number;
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

/** A driver the search read, with why it was left out (stale position, other car type, beyond the radius), if it was. */
export interface SeenNearbyDriver extends NearbyDriver {
  excluded?: 'offline' | 'other_car_type' | 'beyond_radius' | 'documents';
}

export interface NearbyResult {
  drivers: NearbyDriver[];
  /** Every entry the search read, nearest first, `drivers` among them: what the dispatch story tells. */
  seen: SeenNearbyDriver[];
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
  /**
   * Drivers online now with a fresh position (a ping within `ROSTER_FRESH_MS`): every one, or one
   * fleet's. One query of the roster and one wait of BatchGetItem for their states.
   */
  online(scope: 'ALL' | `FLEET#${string}`, now: number): Promise<OnlineDriver[]>;
  /** Dispatchable drivers within `radiusKm` of `center`, nearest first, from the geo index only. */
  /** With `documents`, a driver whose index entry shows a gap in a mandatory document (domain/driver-documents) is seen but left out. */
  nearby(center: LatLng, radiusKm: number, filter: { carType?: string; now: number; documents?: DocumentRule }): Promise<NearbyResult>;
}

import type { BookingStatus } from './booking-status';

/**
 * "Follow my trip": a link anyone can open, no account, that shows one trip while it is live.
 * The token is the only credential; the platform keeps a hash of it (see docs/architecture.md,
 * "Trip links"), so a copy of the table does not hand out live links.
 */

/** 256 bits from the system's random source; base64url makes it 43 characters. */
export const TRIP_LINK_TOKEN_BYTES = 32;
/** What a token looks like: anything else is refused before a read (bad input, not a lookup). */
export const TRIP_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * While the trip is live the link shows it. REACHED ends it: the car is at the drop, the ride is
 * over, and what follows (payment, rating) is the rider's business alone; from then on the
 * driver's position is nobody else's either. PAYMENT_PENDING and NEW are live so a rider may share
 * before a driver is found (the page says a driver is being looked for).
 */
export const TRIP_LINK_LIVE_STATUSES: readonly BookingStatus[] = ['PAYMENT_PENDING', 'NEW', 'ACCEPTED', 'ARRIVED', 'STARTED'];

export function tripLinkLive(status: BookingStatus): boolean {
  return TRIP_LINK_LIVE_STATUSES.includes(status);
}

/** Who a link was made for: the rider's own link (shared by them), or the parcel's recipient (sent by SMS). */
export type TripLinkAudience = 'rider' | 'recipient' | 'emergency';

/** A link lives at most this long even when the trip never ends (a booking stuck in a state): a week. */
export const TRIP_LINK_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** The fields the public page may show, and nothing else: the test of the view enumerates them. */
export const SHARED_TRIP_FIELDS = [
  'status', 'driverFirstName', 'carType', 'vehicleMake', 'vehicleModel', 'vehicleNumber',
  'position', 'etaSeconds', 'etaTo', 'pickupArea', 'dropArea', 'pickup', 'drop', 'stopCount', 'stopsReached',
] as const;

export interface SharedTripView {
  status: BookingStatus;
  driverFirstName?: string;
  carType: string;
  vehicleMake?: string;
  vehicleModel?: string;
  /** The plate: riders are shown it to find their car, and whoever meets the car needs it the same way. */
  vehicleNumber?: string;
  /** The driver's latest tracking point. */
  position?: { lat: number; lng: number; at: number };
  etaSeconds?: number;
  etaTo?: 'pickup' | 'drop';
  pickupArea: string;
  dropArea: string;
  /** The trip's ends, for the map (the rider chose to share the trip, whose ends these are). */
  pickup: { lat: number; lng: number };
  drop: { lat: number; lng: number };
  /** A trip with stops: how many, and how many are behind; never their places. */
  stopCount?: number;
  stopsReached?: number;
}

/** What the public view is built from: a booking's fields, the driver's profile, the latest point. */
export interface SharedTripSource {
  booking: {
    status: BookingStatus;
    carType: string;
    driver_name?: string;
    vehicle_number?: string;
    pickup: { lat: number; lng: number; add: string };
    drop: { lat: number; lng: number; add: string };
    stops?: readonly unknown[];
    stopsReached?: number;
  };
  driver?: { firstName?: string; vehicleMake?: string; vehicleModel?: string; vehicleNumber?: string };
  point?: { lat: number; lng: number; at: number };
  eta?: { seconds: number; to: 'pickup' | 'drop' };
}

/** The first word of a name: a stranger with the link learns no surname. */
export function firstNameOf(name: string | undefined): string | undefined {
  const first = (name ?? '').trim().split(/\s+/)[0];
  return first ? first : undefined;
}

/**
 * An address without its street line: "12 Elm St, Oakland, CA, US" becomes "Oakland, CA, US". An
 * address of one or two parts is already an area ("Oakland, CA") and is kept.
 */
export function areaOf(address: string): string {
  const parts = address.split(',').map((p) => p.trim()).filter(Boolean);
  return (parts.length > 2 ? parts.slice(1) : parts).join(', ');
}

const defined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/**
 * The public view of a live trip. Built field by field from the allow-list above, never by
 * copying the booking: a field added to bookings does not reach strangers unless it is added here.
 * The driver's details and position appear only once a driver has the trip.
 */
export function sharedTripView(src: SharedTripSource): SharedTripView {
  const b = src.booking;
  const assigned = !!b.driver_name || !!src.driver;
  return defined({
    status: b.status,
    driverFirstName: assigned ? firstNameOf(src.driver?.firstName) ?? firstNameOf(b.driver_name) : undefined,
    carType: b.carType,
    vehicleMake: assigned ? src.driver?.vehicleMake || undefined : undefined,
    vehicleModel: assigned ? src.driver?.vehicleModel || undefined : undefined,
    vehicleNumber: assigned ? b.vehicle_number || src.driver?.vehicleNumber || undefined : undefined,
    position: assigned && src.point ? { lat: src.point.lat, lng: src.point.lng, at: src.point.at } : undefined,
    etaSeconds: assigned ? src.eta?.seconds : undefined,
    etaTo: assigned ? src.eta?.to : undefined,
    pickupArea: areaOf(b.pickup.add),
    dropArea: areaOf(b.drop.add),
    pickup: { lat: b.pickup.lat, lng: b.pickup.lng },
    drop: { lat: b.drop.lat, lng: b.drop.lng },
    // Stops: how many and how many are behind, never where (a stop may be someone's home).
    stopCount: b.stops?.length || undefined,
    stopsReached: b.stops?.length ? b.stopsReached ?? 0 : undefined,
  });
}

/** A point on the map in decimal degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

export const KM_PER_MILE = 1.609344;

/** Spec §9: driver search radius when settings hold none (km, or miles with convert_to_mile). */
export const DEFAULT_DRIVER_RADIUS = 10;

/**
 * Earth radius implied by the classic "degrees × 60 × 1.1515 miles" great-circle formula the
 * product has always used, so distances (and fares built on them) match historic bookings.
 */
const EARTH_RADIUS_MILES = (60 * 1.1515 * 180) / Math.PI;

export interface DistanceOptions {
  /** Settings' convert_to_mile: report miles instead of km. */
  convertToMile?: boolean;
}

const toRad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km. Haversine keeps short hops (metres apart) accurate. */
export function distanceKm(a: LatLng, b: LatLng): number {
  if (a.lat === b.lat && a.lng === b.lng) return 0;
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  const miles = 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
  return miles * KM_PER_MILE;
}

/** Spec §9 distance: km, or miles when convertToMile is on (km ÷ 1.609344). */
export function distance(a: LatLng, b: LatLng, options: DistanceOptions = {}): number {
  const km = distanceKm(a, b);
  return options.convertToMile ? km / KM_PER_MILE : km;
}

/** Length of a path through the points in order; 0 for 0 or 1 point. */
export function pathDistance(points: readonly LatLng[], options: DistanceOptions = {}): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    total += distance(points[i - 1]!, points[i]!, options);
  }
  return total;
}

/** Book Now driver search: is `point` within `radius` (same unit as convertToMile) of `center`? */
export function isWithinRadius(
  center: LatLng,
  point: LatLng,
  radius: number = DEFAULT_DRIVER_RADIUS,
  options: DistanceOptions = {},
): boolean {
  return distance(center, point, options) <= radius;
}

/**
 * A coordinate as stored: seven decimals (about a centimetre, finer than any GPS). DynamoDB keeps
 * no number closer to zero than 1e-130, so an unrounded denormal (5e-324) would fail the write.
 */
export function storableCoordinate(x: number): number {
  return Math.round(x * 1e7) / 1e7 || 0;
}

export function storablePoint<T extends LatLng>(p: T): T {
  return { ...p, lat: storableCoordinate(p.lat), lng: storableCoordinate(p.lng) };
}

/**
 * Spec §5: "A route result without distance is an error". No route, a distance that is not a
 * number, or a route of no length (the pickup is the drop) cannot be priced or driven.
 */
export function routeHasDistance(route: { distance: number } | null | undefined): route is { distance: number } {
  return !!route && Number.isFinite(route.distance) && route.distance > 0;
}

import type { Place, RouteDetails } from '../../../shared/src/contract/geo';
import type { LatLng } from '../../../shared/src/domain/distance';

/**
 * Places and routes (spec §7 googleapis-* functions). Two adapters, chosen by configuration in
 * the composition root: Amazon Location in AWS, an offline gazetteer with great-circle routes on
 * the embedded local cloud.
 */
export interface GeoService {
  /** Suggestions for typed text, best first (at most 8), biased towards `near` when given. */
  autocomplete(text: string, near?: LatLng): Promise<Place[]>;
  /** A suggestion's coordinates; undefined when the place id is unknown. */
  placeCoords(placeId: string): Promise<{ coords: LatLng; description: string } | undefined>;
  /** A readable address for any point (a point picked on the map has no place id). */
  reverseGeocode(point: LatLng): Promise<string>;
  /**
   * Whether a point a user picked can be a pickup or a drop: false in the sea. The offline adapter
   * checks land polygons; Amazon Location's route calculator refuses points off its road network
   * itself (no route), so its adapter accepts every point here.
   */
  onLand(point: LatLng): Promise<boolean>;
  /**
   * Driving route from `start` through the `via` points in order (a booking's stops) to `dest`:
   * the legs' distance and time summed, their lines joined. Undefined when any leg has no route
   * (e.g. across an ocean).
   */
  route(start: LatLng, dest: LatLng, via?: readonly LatLng[]): Promise<RouteDetails | undefined>;
  /** Driving distance and time from the first point through the others to the last; undefined when there is no route. */
  driveTime(points: readonly LatLng[]): Promise<{ distanceKm: number; seconds: number } | undefined>;
}

/** The provider could not answer (network, throttling, outage): not the caller's fault. */
export class GeoProviderError extends Error {
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
    this.name = 'GeoProviderError';
  }
}

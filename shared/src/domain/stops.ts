import type { LatLng } from './distance';

/**
 * Stops: a booking may pass through up to MAX_STOPS places between its pickup and its drop. The
 * fare is the §9 fare over the whole route (pickup → stops in order → drop); during the trip the
 * driver marks each stop reached, in order, and the drop (REACHED) waits until every stop is.
 * A booking keeps its stops and `stopsReached`: how many are reached, so also the next stop's index.
 */

/** More stops make a route few riders book and no driver can plan; the big platforms stop at 3 too. */
export const MAX_STOPS = 3;

/** The statuses in which the driver steps through stops: between picking the rider up and the drop. */
export const STOP_STATUS = 'STARTED';

export interface StopsProgress {
  status: string;
  stops?: readonly unknown[];
  stopsReached?: number;
}

/** How many stops are still ahead of the driver. */
export function stopsRemaining(b: Pick<StopsProgress, 'stops' | 'stopsReached'>): number {
  return Math.max(0, (b.stops?.length ?? 0) - (b.stopsReached ?? 0));
}

/** The index of the stop the driver drives to next; undefined when every stop is reached (or none). */
export function nextStopIndex(b: Pick<StopsProgress, 'stops' | 'stopsReached'>): number | undefined {
  return stopsRemaining(b) > 0 ? (b.stopsReached ?? 0) : undefined;
}

export type StopRefusal =
  /** The booking has no stop of that index. */
  | 'stop_unknown'
  /** Only between STARTED and REACHED. */
  | 'stop_trip_not_started'
  /** This stop is already marked (a repeated or concurrent press). */
  | 'stop_already_reached'
  /** An earlier stop is still ahead: stops are reached in the order booked. */
  | 'stop_out_of_order';

/**
 * Whether the driver may mark stop `index` reached now; the key of the refusal otherwise. A stop
 * already reached is refused (not answered as a repeat) so that a second tap says what happened.
 */
export function stopPressRefusal(b: StopsProgress, index: number): StopRefusal | undefined {
  const count = b.stops?.length ?? 0;
  if (!Number.isInteger(index) || index < 0 || index >= count) return 'stop_unknown';
  if (index < (b.stopsReached ?? 0)) return 'stop_already_reached';
  if (b.status !== STOP_STATUS) return 'stop_trip_not_started';
  if (index > (b.stopsReached ?? 0)) return 'stop_out_of_order';
  return undefined;
}

/** The route's points in driving order: pickup, the stops, the drop. */
export function routePoints<P extends LatLng>(pickup: P, stops: readonly P[] | undefined, drop: P): P[] {
  return [pickup, ...(stops ?? []), drop];
}

/** The stops still ahead, in order: where an ETA to the drop still has to pass. */
export function stopsAhead<P>(b: { stops?: readonly P[]; stopsReached?: number }): P[] {
  return (b.stops ?? []).slice(b.stopsReached ?? 0);
}

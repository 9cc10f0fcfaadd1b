import { distance, type DistanceOptions, type LatLng } from './distance';

/** Spec §9: a drop this close (in the distance unit) to a saved address counts as that address. */
export const SAVED_ADDRESS_MATCH_THRESHOLD = 0.1;

export interface SavedAddress extends LatLng {
  description: string;
  count: number;
}

export interface Drop extends LatLng {
  /** The drop's address text. */
  add: string;
}

/**
 * Spec §4 REACHED: record the drop in the customer's saved addresses. The nearest saved address
 * strictly within the threshold gets its count raised; otherwise the drop is appended with
 * count 1. Returns a new list; the input is not changed.
 */
export function recordDrop(
  saved: readonly SavedAddress[],
  drop: Drop,
  options: DistanceOptions & { threshold?: number } = {},
): SavedAddress[] {
  const threshold = options.threshold ?? SAVED_ADDRESS_MATCH_THRESHOLD;
  let best = -1;
  let bestDistance = Infinity;
  saved.forEach((address, i) => {
    const d = distance(address, drop, options);
    if (d < threshold && d < bestDistance) {
      best = i;
      bestDistance = d;
    }
  });
  if (best === -1) {
    return [...saved, { description: drop.add, lat: drop.lat, lng: drop.lng, count: 1 }];
  }
  return saved.map((address, i) => (i === best ? { ...address, count: address.count + 1 } : address));
}

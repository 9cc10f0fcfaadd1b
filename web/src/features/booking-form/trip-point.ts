import type { MapPoint } from '../../components/map/trip-map-types';

/** A trip end as the booking API takes it: coordinates and the address shown to the user. */
export interface TripPoint {
  lat: number;
  lng: number;
  add: string;
}

export type TripEnd = 'pickup' | 'drop';

/** Six decimals is ~0.1 m: more only lengthens the 'lat,lng' text the geo API accepts. */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

export function roundPoint(p: MapPoint): MapPoint {
  return { lat: round6(p.lat), lng: round6(p.lng) };
}

/** The address of a point nobody has named (yet): its coordinates. */
export function coordsLabel(p: MapPoint): string {
  return `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}`;
}

/** Spec §7 wire format of a point: 'lat,lng'. */
export function latLngText(p: MapPoint): string {
  return `${p.lat},${p.lng}`;
}

/** Same pickup and drop as the estimate was made for: its route may be drawn. */
export function tripKey(pickup: MapPoint | null, drop: MapPoint | null): string {
  return `${pickup ? latLngText(pickup) : '-'}|${drop ? latLngText(drop) : '-'}`;
}

/**
 * A fresh Idempotency-Key. `randomUUID` needs a secure context (https or localhost); a site
 * opened over plain http on a LAN address falls back to the same 122 random bits.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The map's props on their own, so a page can type its lazy `trip-map` import without pulling
 * MapLibre into its chunk.
 */
export interface MapPoint {
  lat: number;
  lng: number;
}

export interface TripMapProps {
  pickup?: { lat: number; lng: number };
  drop?: { lat: number; lng: number };
  /** Stops between them, in order, drawn as numbered pins (a reached one faded). */
  stops?: { lat: number; lng: number; reached?: boolean }[];
  /** The route's points, drawn as a line. */
  route?: { lat: number; lng: number }[];
  /** Other markers (e.g. drivers), drawn with the spec's 35x25 car marker. */
  drivers?: { id: string; lat: number; lng: number; label?: string }[];
  /** Widen the view when a car drives out of it (a trip's own driver), rather than losing it. */
  keepDriversInView?: boolean;
  /** When set, a click on the map reports the point (the form uses it to pick pickup or drop). */
  onPick?: (point: { lat: number; lng: number }) => void;
  /** Pixels; default 480 (spec §9). */
  height?: number;
  ariaLabel: string;
}

/** Spec §9: map default zoom 10, height 480px, marker icon 35x25. */
export const MAP_DEFAULT_ZOOM = 10;
export const MAP_DEFAULT_HEIGHT = 480;
export const CAR_MARKER_SIZE = { width: 35, height: 25 } as const;

import type { MapPoint } from '../../components/map/trip-map-types';

/** The map's props on their own, so the page can type its lazy import without pulling MapLibre in. */
export interface AreaMapProps {
  areas: readonly { id: string; name: string; kind: 'service' | 'fee'; polygon: readonly MapPoint[] }[];
  /** The corners being drawn, in order. */
  draft: readonly MapPoint[];
  /** The draft is a closed shape (filled), not a line still being drawn. */
  closed: boolean;
  /** The area being edited: left out of the drawn areas (the draft shows it) and fitted into view. */
  editingId?: string;
  onPick: (point: MapPoint) => void;
  height: number;
  ariaLabel: string;
}

/** Cloudscape's success green for where the platform operates, its warning orange for fees, blue for the drawing. */
export const AREA_COLOURS = { service: '#037f0c', fee: '#d45b07', draft: '#006ce0' } as const;

import type { MapPoint } from '../../components/map/trip-map-types';

/** The drivers map's props on their own, so the page types its lazy import without pulling MapLibre in. */
export interface MapDriver extends MapPoint {
  uid: string;
  name: string;
  vehicleNumber?: string;
  status: 'free' | 'trip';
}

export interface DriversMapProps {
  drivers: MapDriver[];
  /** Today's demand cells; absent when the layer is off. */
  demand?: { lat: number; lng: number; bookings: number; unserved: number }[];
  /** The viewer's own position, when the browser gave it. */
  viewer?: MapPoint;
  /** Go to the viewer's position when it comes (default); a fleet admin's map stays on its drivers unless asked. */
  followViewer?: boolean;
  height?: number;
  ariaLabel: string;
}

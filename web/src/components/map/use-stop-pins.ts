import * as maplibregl from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { toLngLat } from './use-base-map';

/** Cloudscape's warning amber: a stop is on the way, neither the start nor the end. */
const STOP_COLOUR = '#8d6605';

/**
 * A booking's stops as numbered pins, in order (`map-stop-marker-<n>`): placed, moved and removed
 * so they match `stops`. A reached stop is drawn faded.
 */
export function useStopPins(map: maplibregl.Map | null, stops: readonly { lat: number; lng: number; reached?: boolean }[] | undefined, label: (n: number) => string): void {
  const pins = useRef<maplibregl.Marker[]>([]);
  const key = (stops ?? []).map((s) => `${s.lat},${s.lng},${s.reached ? 1 : 0}`).join('|');
  useEffect(() => {
    for (const pin of pins.current) pin.remove();
    pins.current = [];
    if (!map) return;
    (stops ?? []).forEach((stop, i) => {
      const marker = new maplibregl.Marker({ color: STOP_COLOUR });
      const el = marker.getElement();
      // Inline style would break the site's CSP (no unsafe-inline styles): the attribute is styled in CSS.
      if (stop.reached) el.dataset.reached = 'true';
      el.dataset.testid = `map-stop-marker-${i + 1}`;
      el.setAttribute('title', label(i + 1));
      el.setAttribute('aria-label', label(i + 1));
      el.setAttribute('role', 'img');
      marker.setLngLat(toLngLat(stop)).addTo(map);
      pins.current.push(marker);
    });
  }, [map, key]);
  useEffect(() => () => {
    for (const pin of pins.current) pin.remove();
    pins.current = [];
  }, [map]);
}

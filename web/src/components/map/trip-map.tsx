import * as maplibregl from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAP_DEFAULT_HEIGHT, MAP_DEFAULT_ZOOM, type MapPoint, type TripMapProps } from './trip-map-types';
import { carSvg, MapStatus, toLngLat, useBaseMap } from './use-base-map';
import { useStopPins } from './use-stop-pins';

const ROUTE_SOURCE = 'trip-route';
/** Cloudscape's success green and error red: pickup and drop read as "start" and "end". */
const PICKUP_COLOUR = '#037f0c';
const DROP_COLOUR = '#d91515';
const ROUTE_COLOUR = '#006ce0';
/** Keeps pins clear of the controls and the frame when the view fits the trip. */
const FIT_PADDING = 56;
/** A trip of one street still shows its neighbourhood. */
const FIT_MAX_ZOOM = 14;
const emptyLine = (): GeoJSON.Feature<GeoJSON.LineString> => ({
  type: 'Feature',
  properties: {},
  geometry: { type: 'LineString', coordinates: [] },
});

function labelMarker(marker: maplibregl.Marker, label: string): void {
  const el = marker.getElement();
  el.setAttribute('title', label);
  el.setAttribute('aria-label', label);
  el.setAttribute('role', 'img');
}

function carMarker(label: string): maplibregl.Marker {
  const el = document.createElement('div');
  el.className = 'trip-map__car';
  el.innerHTML = carSvg();
  const marker = new maplibregl.Marker({ element: el, anchor: 'center' });
  labelMarker(marker, label);
  return marker;
}

/** Places, moves or removes one pin so it matches `point`. */
function usePin(map: maplibregl.Map | null, point: MapPoint | undefined, colour: string, label: string, testId: string): void {
  const pin = useRef<maplibregl.Marker | null>(null);
  useEffect(() => {
    if (!map || !point) return undefined;
    const marker = (pin.current ??= new maplibregl.Marker({ color: colour }));
    marker.getElement().dataset.testid = testId;
    labelMarker(marker, label);
    marker.setLngLat(toLngLat(point)).addTo(map);
    return undefined;
  }, [map, point?.lat, point?.lng, colour, label, testId]);
  useEffect(() => {
    if (!point) {
      pin.current?.remove();
    }
  }, [point]);
  useEffect(
    () => () => {
      pin.current?.remove();
      pin.current = null;
    },
    [map],
  );
}

/**
 * The trip map (spec §9: zoom 10, 480 px, 35x25 car markers): pickup and drop pins, the route,
 * driver cars and, with `onPick`, click-to-pick. The view fits the trip when there is one and
 * otherwise opens on the configured centre (basemap: `useBaseMap`).
 *
 * Default export so pages load it with `lazy()`: MapLibre stays out of their first chunk.
 */
export default function TripMap({ pickup, drop, stops, route, drivers, keepDriversInView, onPick, height = MAP_DEFAULT_HEIGHT, ariaLabel }: TripMapProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const { map, state } = useBaseMap(container, { onClick: (p) => onPick?.(p) });
  const [routeReady, setRouteReady] = useState(false);

  useEffect(() => {
    if (!map) {
      setRouteReady(false);
      return;
    }
    map.addSource(ROUTE_SOURCE, { type: 'geojson', data: emptyLine() });
    // A white casing keeps the line readable over borders and coast.
    map.addLayer({
      id: 'trip-route-casing',
      type: 'line',
      source: ROUTE_SOURCE,
      layout: { 'line-join': 'round', 'line-cap': 'round' },
      paint: { 'line-color': '#ffffff', 'line-width': 7 },
    });
    map.addLayer({
      id: 'trip-route',
      type: 'line',
      source: ROUTE_SOURCE,
      layout: { 'line-join': 'round', 'line-cap': 'round' },
      paint: { 'line-color': ROUTE_COLOUR, 'line-width': 4 },
    });
    setRouteReady(true);
  }, [map]);

  usePin(map, pickup, PICKUP_COLOUR, t('bf_map_pickup'), 'map-pickup-marker');
  usePin(map, drop, DROP_COLOUR, t('bf_map_drop'), 'map-drop-marker');
  useStopPins(map, stops, (n) => t('stop_map_label', { n }));

  // The route line.
  useEffect(() => {
    if (!map || !routeReady) return;
    const source = map.getSource<maplibregl.GeoJSONSource>(ROUTE_SOURCE);
    if (!source) return;
    const line = emptyLine();
    line.geometry.coordinates = (route ?? []).map(toLngLat);
    source.setData(line);
  }, [map, routeReady, route]);

  // Driver cars, keyed by id so a moving driver moves instead of blinking.
  const cars = useRef(new Map<string, maplibregl.Marker>());
  useEffect(() => {
    if (!map) return;
    const seen = new Set<string>();
    for (const d of drivers ?? []) {
      seen.add(d.id);
      const label = d.label ?? t('bf_map_driver');
      let marker = cars.current.get(d.id);
      if (!marker) {
        marker = carMarker(label);
        cars.current.set(d.id, marker);
      } else {
        labelMarker(marker, label);
      }
      marker.setLngLat(toLngLat(d)).addTo(map);
    }
    for (const [id, marker] of cars.current) {
      if (!seen.has(id)) {
        marker.remove();
        cars.current.delete(id);
      }
    }
    const bounds = map.getBounds();
    const outside = (drivers ?? []).filter((d) => !bounds.contains(toLngLat(d)));
    if (keepDriversInView && outside.length) {
      const all = new maplibregl.LngLatBounds();
      for (const p of [...(drivers ?? []), ...(pickup ? [pickup] : []), ...(drop ? [drop] : [])]) all.extend(toLngLat(p));
      map.fitBounds(all, { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM, duration: 0 });
    }
  }, [map, drivers, t, keepDriversInView, pickup, drop]);
  useEffect(() => {
    const current = cars.current;
    return () => {
      for (const marker of current.values()) marker.remove();
      current.clear();
    };
  }, [map]);

  // Fit the view to the trip when its ends or route change (not on every render).
  const fitKey = useMemo(() => {
    const pts = [pickup, drop, route?.[0], route?.[route.length - 1]].map((p) => (p ? `${p.lat},${p.lng}` : '-'));
    return `${pts.join('|')}|${route?.length ?? 0}`;
  }, [pickup, drop, route]);
  useEffect(() => {
    if (!map) return;
    const points = [...(route ?? []), ...(pickup ? [pickup] : []), ...(drop ? [drop] : [])];
    if (points.length === 0) return;
    const first = points[0]!;
    const calm = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (points.every((p) => p.lat === first.lat && p.lng === first.lng)) {
      // One point: keep the user's zoom when it is already in view (a click to pick must not jump).
      if (!map.getBounds().contains(toLngLat(first))) {
        map.easeTo({ center: toLngLat(first), zoom: Math.max(map.getZoom(), MAP_DEFAULT_ZOOM), duration: calm ? 0 : 600 });
      }
      return;
    }
    const bounds = new maplibregl.LngLatBounds();
    for (const p of points) bounds.extend(toLngLat(p));
    map.fitBounds(bounds, { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM, duration: calm ? 0 : 600 });
  }, [map, fitKey]);

  const picking = !!onPick;
  return (
    <div
      className={`trip-map${picking ? ' trip-map--picking' : ''}`}
      style={{ height }}
      role="region"
      aria-label={ariaLabel}
      data-testid="trip-map"
      data-map-state={state.status}
    >
      <div ref={container} style={{ position: 'absolute', inset: 0 }} />
      <MapStatus state={state} />
    </div>
  );
}

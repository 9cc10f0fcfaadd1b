import Alert from '@cloudscape-design/components/alert';
import Spinner from '@cloudscape-design/components/spinner';
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
// MapLibre 6 starts its worker from a URL next to its own module, which a bundle does not have:
// ship the worker file as an asset and point MapLibre at it.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../app/settings-context';
import { useConfig } from '../../config/config-context';
import { offlineStyle } from './offline-style';
import { CAR_MARKER_SIZE, MAP_DEFAULT_HEIGHT, MAP_DEFAULT_ZOOM, type MapPoint, type TripMapProps } from './trip-map-types';
import './trip-map.css';

maplibregl.setWorkerUrl(workerUrl);

const ROUTE_SOURCE = 'trip-route';
/** Cloudscape's success green and error red: pickup and drop read as "start" and "end". */
const PICKUP_COLOUR = '#037f0c';
const DROP_COLOUR = '#d91515';
const ROUTE_COLOUR = '#006ce0';
/** Keeps pins clear of the controls and the frame when the view fits the trip. */
const FIT_PADDING = 56;
/** A trip of one street still shows its neighbourhood. */
const FIT_MAX_ZOOM = 14;
/** Where the map opens with no config centre and no point yet (0,0 would be open sea). */
const WORLD_CENTRE: MapPoint = { lat: 20, lng: 0 };

/** A car from above, 35x25 (spec §9 marker icon), pointing right. */
const CAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="${CAR_MARKER_SIZE.width}" height="${CAR_MARKER_SIZE.height}" viewBox="0 0 35 25" aria-hidden="true">
<rect x="1" y="3" width="33" height="19" rx="6" fill="#0f141a"/>
<rect x="3" y="5" width="29" height="15" rx="5" fill="#006ce0"/>
<path d="M21 7h5a3 3 0 0 1 3 3v5a3 3 0 0 1-3 3h-5z" fill="#cfe4fb"/>
<path d="M6 8h4v9H6a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2z" fill="#cfe4fb"/>
<rect x="11" y="7" width="9" height="11" rx="2" fill="#0a5bb5"/>
</svg>`;

const toLngLat = (p: MapPoint): [number, number] => [p.lng, p.lat];

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
  el.innerHTML = CAR_SVG;
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

type MapState = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; reason: 'webgl' | 'style' };

/**
 * The trip map (spec §9: zoom 10, 480 px, 35x25 car markers): pickup and drop pins, the route,
 * driver cars and, with `onPick`, click-to-pick. The view fits the trip when there is one and
 * otherwise opens on the configured centre. The basemap is the config's `mapStyle`: 'offline'
 * draws bundled country shapes (the local cloud has no tile server and no internet), anything
 * else is a MapLibre style URL (Amazon Location in AWS).
 *
 * Default export so pages load it with `lazy()`: MapLibre stays out of their first chunk.
 */
export default function TripMap({ pickup, drop, route, drivers, keepDriversInView, onPick, height = MAP_DEFAULT_HEIGHT, ariaLabel }: TripMapProps) {
  const { t } = useTranslation();
  const { mapStyle, mapCenter } = useConfig();
  const { settings } = useSettings();
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<maplibregl.Map | null>(null);
  const [state, setState] = useState<MapState>({ status: 'loading' });
  const [routeReady, setRouteReady] = useState(false);
  const pick = useRef(onPick);
  pick.current = onPick;
  // Read once when the map is made: a later change of centre must not jump the view.
  const openAt = useRef(mapCenter ?? WORLD_CENTRE);
  const imperial = settings.convert_to_mile;

  // Control texts in the UI language (MapLibre's own are English only).
  const locale = useMemo(
    () => ({
      // The frame is the region named `ariaLabel`; the canvas inside must not repeat that name.
      'Map.Title': t('bf_map_canvas'),
      'Marker.Title': t('bf_map_marker'),
      'NavigationControl.ZoomIn': t('bf_map_zoom_in'),
      'NavigationControl.ZoomOut': t('bf_map_zoom_out'),
      'NavigationControl.ResetBearing': t('bf_map_reset_north'),
      'AttributionControl.ToggleAttribution': t('bf_map_attribution'),
      'CooperativeGesturesHandler.WindowsHelpText': t('bf_map_ctrl_scroll'),
      'CooperativeGesturesHandler.MacHelpText': t('bf_map_cmd_scroll'),
      'CooperativeGesturesHandler.MobileHelpText': t('bf_map_two_fingers'),
    }),
    [t],
  );
  const localeRef = useRef(locale);
  localeRef.current = locale;

  useEffect(() => {
    let cancelled = false;
    let made: maplibregl.Map | undefined;
    setState({ status: 'loading' });
    const style = mapStyle && mapStyle !== 'offline' ? Promise.resolve(mapStyle) : offlineStyle();
    style.then(
      (resolved) => {
        if (cancelled || !container.current) return;
        try {
          made = new maplibregl.Map({
            container: container.current,
            style: resolved,
            center: toLngLat(openAt.current),
            zoom: MAP_DEFAULT_ZOOM,
            // A page scroll over the map scrolls the page; Ctrl/two fingers move the map.
            cooperativeGestures: true,
            attributionControl: { compact: true },
            locale: localeRef.current,
            dragRotate: false,
          });
        } catch {
          // No WebGL (old browser, GPU blocked): the form still works without the map.
          setState({ status: 'failed', reason: 'webgl' });
          return;
        }
        made.touchZoomRotate.disableRotation();
        made.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
        made.addControl(new maplibregl.ScaleControl({ unit: imperial ? 'imperial' : 'metric' }), 'bottom-left');
        const m = made;
        let loaded = false;
        m.on('load', () => {
          loaded = true;
          m.addSource(ROUTE_SOURCE, { type: 'geojson', data: emptyLine() });
          // A white casing keeps the line readable over borders and coast.
          m.addLayer({
            id: 'trip-route-casing',
            type: 'line',
            source: ROUTE_SOURCE,
            layout: { 'line-join': 'round', 'line-cap': 'round' },
            paint: { 'line-color': '#ffffff', 'line-width': 7 },
          });
          m.addLayer({
            id: 'trip-route',
            type: 'line',
            source: ROUTE_SOURCE,
            layout: { 'line-join': 'round', 'line-cap': 'round' },
            paint: { 'line-color': ROUTE_COLOUR, 'line-width': 4 },
          });
          setRouteReady(true);
          setState({ status: 'ready' });
        });
        // Before the first load an error means the style itself failed (e.g. a style URL that
        // cannot be reached); later ones are single tiles and MapLibre retries them.
        m.on('error', () => {
          if (!loaded) setState({ status: 'failed', reason: 'style' });
        });
        m.on('click', (e) => {
          // A world scrolled sideways reports longitudes past ±180; the API wants -180..180.
          const at = e.lngLat.wrap();
          pick.current?.({ lat: at.lat, lng: at.lng });
        });
        setMap(m);
      },
      () => {
        if (!cancelled) setState({ status: 'failed', reason: 'style' });
      },
    );
    return () => {
      cancelled = true;
      setMap(null);
      setRouteReady(false);
      made?.remove();
    };
  }, [mapStyle, imperial]);

  usePin(map, pickup, PICKUP_COLOUR, t('bf_map_pickup'), 'map-pickup-marker');
  usePin(map, drop, DROP_COLOUR, t('bf_map_drop'), 'map-drop-marker');

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
      {state.status === 'loading' ? (
        <div className="trip-map__status">
          <Spinner size="large" />
        </div>
      ) : null}
      {state.status === 'failed' ? (
        <div className="trip-map__status">
          <Alert type="warning" header={t('bf_map_unavailable_title')}>
            {t(state.reason === 'webgl' ? 'bf_map_no_webgl' : 'bf_map_style_failed')}
          </Alert>
        </div>
      ) : null}
    </div>
  );
}

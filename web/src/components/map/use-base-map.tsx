import Alert from '@cloudscape-design/components/alert';
import Spinner from '@cloudscape-design/components/spinner';
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
// MapLibre 6 starts its worker from a URL next to its own module, which a bundle does not have:
// ship the worker file as an asset and point MapLibre at it.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../app/settings-context';
import { useConfig } from '../../config/config-context';
import { offlineStyle } from './offline-style';
import { CAR_MARKER_SIZE, MAP_DEFAULT_ZOOM, type MapPoint } from './trip-map-types';
import './trip-map.css';

maplibregl.setWorkerUrl(workerUrl);

/** Where a map opens with no config centre and no point yet (0,0 would be open sea). */
const WORLD_CENTRE: MapPoint = { lat: 20, lng: 0 };

export const toLngLat = (p: MapPoint): [number, number] => [p.lng, p.lat];

/** A car from above, 35x25 (spec §9 marker icon), pointing right, in `body` colour. */
export const carSvg = (body = '#006ce0', roof = '#0a5bb5') => `<svg xmlns="http://www.w3.org/2000/svg" width="${CAR_MARKER_SIZE.width}" height="${CAR_MARKER_SIZE.height}" viewBox="0 0 35 25" aria-hidden="true">
<rect x="1" y="3" width="33" height="19" rx="6" fill="#0f141a"/>
<rect x="3" y="5" width="29" height="15" rx="5" fill="${body}"/>
<path d="M21 7h5a3 3 0 0 1 3 3v5a3 3 0 0 1-3 3h-5z" fill="#cfe4fb"/>
<path d="M6 8h4v9H6a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2z" fill="#cfe4fb"/>
<rect x="11" y="7" width="9" height="11" rx="2" fill="${roof}"/>
</svg>`;

export type MapState = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; reason: 'webgl' | 'style' };

/**
 * A MapLibre map in `container` (spec §9: zoom 10), on the config's `mapStyle`: 'offline' draws
 * bundled country shapes (the local cloud has no tile server and no internet), anything else is
 * a MapLibre style URL (Amazon Location in AWS). `map` is set once the style has loaded, so
 * callers add their sources and layers in an effect on it. Control texts follow the UI language.
 */
export function useBaseMap(container: RefObject<HTMLDivElement | null>, opts: { center?: MapPoint; onClick?: (p: MapPoint) => void } = {}) {
  const { t } = useTranslation();
  const { mapStyle, mapCenter } = useConfig();
  const { settings } = useSettings();
  const [map, setMap] = useState<maplibregl.Map | null>(null);
  const [state, setState] = useState<MapState>({ status: 'loading' });
  const click = useRef(opts.onClick);
  click.current = opts.onClick;
  // Read once when the map is made: a later change of centre must not jump the view.
  const openAt = useRef(opts.center ?? mapCenter ?? WORLD_CENTRE);
  const imperial = settings.convert_to_mile;

  const locale = useMemo(
    () => ({
      // The frame is the region a page names; the canvas inside must not repeat that name.
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
          // No WebGL (old browser, GPU blocked): the page still works without the map.
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
          setState({ status: 'ready' });
          setMap(m);
        });
        // Before the first load an error means the style itself failed (e.g. a style URL that
        // cannot be reached); later ones are single tiles and MapLibre retries them.
        m.on('error', () => {
          if (!loaded) setState({ status: 'failed', reason: 'style' });
        });
        m.on('click', (e) => {
          // A world scrolled sideways reports longitudes past ±180; the API wants -180..180.
          const at = e.lngLat.wrap();
          click.current?.({ lat: at.lat, lng: at.lng });
        });
      },
      () => {
        if (!cancelled) setState({ status: 'failed', reason: 'style' });
      },
    );
    return () => {
      cancelled = true;
      setMap(null);
      made?.remove();
    };
  }, [mapStyle, imperial, container]);

  return { map, state };
}

/** The spinner while the style loads, or why there is no map. */
export function MapStatus({ state }: { state: MapState }) {
  const { t } = useTranslation();
  if (state.status === 'loading') {
    return (
      <div className="trip-map__status">
        <Spinner size="large" />
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="trip-map__status">
        <Alert type="warning" header={t('bf_map_unavailable_title')}>
          {t(state.reason === 'webgl' ? 'bf_map_no_webgl' : 'bf_map_style_failed')}
        </Alert>
      </div>
    );
  }
  return null;
}

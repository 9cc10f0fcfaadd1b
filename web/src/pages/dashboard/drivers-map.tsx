import * as maplibregl from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAR_MARKER_SIZE, MAP_DEFAULT_HEIGHT, MAP_DEFAULT_ZOOM, type MapPoint } from '../../components/map/trip-map-types';
import { carSvg, MapStatus, toLngLat, useBaseMap } from '../../components/map/use-base-map';
import type { DriversMapProps } from './drivers-map-types';

const DRIVERS = 'dashboard-drivers';
const DEMAND = 'dashboard-demand';
/** Free cars in the trip map's blue; cars on a trip in Cloudscape's warning orange. */
const CAR_IMAGES = { free: carSvg('#006ce0', '#0a5bb5'), trip: carSvg('#f89256', '#b24b0a') } as const;
const DEMAND_COLOUR = '#7d4dd1';
const UNSERVED_COLOUR = '#d91515';
const FIT_PADDING = 48;
const FIT_MAX_ZOOM = 13;

const empty = (): GeoJSON.FeatureCollection<GeoJSON.Point> => ({ type: 'FeatureCollection', features: [] });

async function svgImage(svg: string): Promise<HTMLImageElement> {
  const img = new Image(CAR_MARKER_SIZE.width, CAR_MARKER_SIZE.height);
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await img.decode();
  return img;
}

/**
 * The dashboard's live map (spec §2, §9: zoom 10, 480 px, 35x25 car markers): every active
 * driver as a car (free or on a trip), drawn as one symbol layer so a thousand cars move in one
 * repaint, the viewer's own position, and optionally today's demand as circles sized by bookings
 * (red where requests found no driver). Opens fitted to the drivers on it; with `followViewer`
 * it goes to the viewer's position once the browser gives it. With no driver and no viewer it
 * stays on the configured default place.
 */
export default function DriversMap({ drivers, demand, viewer, followViewer = true, height = MAP_DEFAULT_HEIGHT, ariaLabel }: DriversMapProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const { map, state } = useBaseMap(container);
  const [layersReady, setLayersReady] = useState(false);
  const fitted = useRef(false);
  const wentToViewer = useRef(false);
  // Where the view went first: the browser tests read it.
  const [opened, setOpened] = useState<'default' | 'drivers' | 'viewer'>('default');

  useEffect(() => {
    if (!map) {
      setLayersReady(false);
      return undefined;
    }
    let cancelled = false;
    void (async () => {
      const [free, trip] = await Promise.all([svgImage(CAR_IMAGES.free), svgImage(CAR_IMAGES.trip)]);
      if (cancelled) return;
      map.addImage('car-free', free);
      map.addImage('car-trip', trip);
      map.addSource(DEMAND, { type: 'geojson', data: empty() });
      map.addLayer({
        id: DEMAND,
        type: 'circle',
        source: DEMAND,
        paint: {
          'circle-radius': ['interpolate', ['linear'], ['get', 'bookings'], 1, 10, 10, 22, 50, 40],
          'circle-color': ['case', ['>', ['get', 'unserved'], 0], UNSERVED_COLOUR, DEMAND_COLOUR],
          'circle-opacity': 0.3,
          'circle-stroke-color': ['case', ['>', ['get', 'unserved'], 0], UNSERVED_COLOUR, DEMAND_COLOUR],
          'circle-stroke-width': 1.5,
        },
      });
      map.addSource(DRIVERS, { type: 'geojson', data: empty() });
      map.addLayer({
        id: DRIVERS,
        type: 'symbol',
        source: DRIVERS,
        layout: {
          'icon-image': ['case', ['==', ['get', 'status'], 'trip'], 'car-trip', 'car-free'],
          'icon-allow-overlap': true,
          'icon-ignore-placement': true,
        },
      });
      const popup = new maplibregl.Popup({ closeButton: false, closeOnClick: true, offset: 14 });
      for (const layer of [DRIVERS, DEMAND]) {
        map.on('click', layer, (e) => {
          const feature = e.features?.[0];
          if (!feature || feature.geometry.type !== 'Point') return;
          popup.setLngLat(feature.geometry.coordinates as [number, number]).setText(String(feature.properties.label)).addTo(map);
        });
        map.on('mouseenter', layer, () => { map.getCanvas().style.cursor = 'pointer'; });
        map.on('mouseleave', layer, () => { map.getCanvas().style.cursor = ''; });
      }
      setLayersReady(true);
    })();
    return () => {
      cancelled = true;
    };
  }, [map]);

  useEffect(() => {
    if (!map || !layersReady) return;
    map.getSource<maplibregl.GeoJSONSource>(DRIVERS)?.setData({
      type: 'FeatureCollection',
      features: drivers.map((d) => ({
        type: 'Feature',
        id: d.uid,
        properties: {
          status: d.status,
          label: t('dash_driver_label', { name: d.name, vehicle: d.vehicleNumber ?? '—', status: t(d.status === 'trip' ? 'dash_on_trip' : 'dash_free') }),
        },
        geometry: { type: 'Point', coordinates: toLngLat(d) },
      })),
    });
  }, [map, layersReady, drivers, t]);

  useEffect(() => {
    if (!map || !layersReady) return;
    map.getSource<maplibregl.GeoJSONSource>(DEMAND)?.setData({
      type: 'FeatureCollection',
      features: (demand ?? []).map((c) => ({
        type: 'Feature',
        properties: { bookings: c.bookings, unserved: c.unserved, label: t('dash_demand_cell', { bookings: c.bookings, unserved: c.unserved }) },
        geometry: { type: 'Point', coordinates: toLngLat(c) },
      })),
    });
  }, [map, layersReady, demand, t]);

  // The viewer's own place, asked of the browser by the page (spec §7).
  const you = useRef<maplibregl.Marker | null>(null);
  useEffect(() => {
    if (!map || !viewer) return undefined;
    const marker = (you.current ??= new maplibregl.Marker({ color: '#0f141a', scale: 0.7 }));
    marker.getElement().setAttribute('title', t('dash_you'));
    marker.getElement().setAttribute('aria-label', t('dash_you'));
    marker.setLngLat(toLngLat(viewer)).addTo(map);
    // Once: later positions move the marker, not the view.
    if (followViewer && !wentToViewer.current) {
      wentToViewer.current = true;
      fitted.current = true;
      map.jumpTo({ center: toLngLat(viewer), zoom: MAP_DEFAULT_ZOOM });
      setOpened('viewer');
    }
    return undefined;
  }, [map, viewer, followViewer, t]);
  useEffect(() => () => {
    you.current?.remove();
    you.current = null;
  }, [map]);

  // Unless the view went to the viewer, show where the drivers are, once (later moves must not jump the view).
  useEffect(() => {
    if (!map || fitted.current || (followViewer && viewer) || drivers.length === 0) return;
    fitted.current = true;
    const bounds = new maplibregl.LngLatBounds();
    for (const d of drivers) bounds.extend(toLngLat(d as MapPoint));
    map.fitBounds(bounds, { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM, duration: 0 });
    setOpened('drivers');
  }, [map, drivers, viewer, followViewer]);

  return (
    <div
      className="trip-map"
      style={{ height }}
      role="region"
      aria-label={ariaLabel}
      data-testid="drivers-map"
      data-map-state={state.status}
      data-drivers={drivers.length}
      data-opened-on={opened}
      data-demand-cells={demand?.length ?? 0}
    >
      <div ref={container} style={{ position: 'absolute', inset: 0 }} />
      <MapStatus state={state} />
    </div>
  );
}

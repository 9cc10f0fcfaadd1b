import * as maplibregl from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import type { MapPoint } from '../../components/map/trip-map-types';
import { MapStatus, toLngLat, useBaseMap } from '../../components/map/use-base-map';
import { AREA_COLOURS, type AreaMapProps } from './area-map-types';

const AREAS = 'service-areas';
const DRAFT = 'service-areas-draft';
const DRAFT_CORNERS = 'service-areas-draft-corners';
const FIT_PADDING = 60;

const ring = (points: readonly MapPoint[]) => [...points, points[0]!].map(toLngLat);

function areasData(areas: AreaMapProps['areas'], editingId?: string): GeoJSON.FeatureCollection<GeoJSON.Polygon> {
  return {
    type: 'FeatureCollection',
    features: areas.filter((a) => a.id !== editingId && a.polygon.length >= 3).map((a) => ({
      type: 'Feature', properties: { kind: a.kind, name: a.name }, geometry: { type: 'Polygon', coordinates: [ring(a.polygon)] },
    })),
  };
}

function draftData(draft: readonly MapPoint[], closed: boolean): GeoJSON.FeatureCollection {
  const features: GeoJSON.Feature[] = [];
  if (closed && draft.length >= 3) features.push({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring(draft)] } });
  else if (draft.length >= 2) features.push({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: draft.map(toLngLat) } });
  return { type: 'FeatureCollection', features };
}

const cornersData = (draft: readonly MapPoint[]): GeoJSON.FeatureCollection<GeoJSON.Point> => ({
  type: 'FeatureCollection',
  features: draft.map((p, i) => ({ type: 'Feature', properties: { first: i === 0 }, geometry: { type: 'Point', coordinates: toLngLat(p) } })),
});

function boundsOf(points: readonly MapPoint[]): maplibregl.LngLatBounds | undefined {
  if (!points.length) return undefined;
  const b = new maplibregl.LngLatBounds(toLngLat(points[0]!), toLngLat(points[0]!));
  for (const p of points) b.extend(toLngLat(p));
  return b;
}

/**
 * The admins' drawing map: every area filled by kind (service green, fee orange), the shape being
 * drawn as a blue line (a filled shape once closed) with its corners, the first one larger so the
 * admin sees where the shape will close. A click reports the point; the page decides what it adds.
 */
export default function AreaMap({ areas, draft, closed, editingId, onPick, height, ariaLabel }: AreaMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const { map, state } = useBaseMap(container, { onClick: onPick });
  const [ready, setReady] = useState(false);
  const fittedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!map) {
      setReady(false);
      return;
    }
    map.addSource(AREAS, { type: 'geojson', data: areasData([]) });
    map.addLayer({ id: `${AREAS}-fill`, type: 'fill', source: AREAS, paint: { 'fill-color': ['match', ['get', 'kind'], 'fee', AREA_COLOURS.fee, AREA_COLOURS.service], 'fill-opacity': 0.18 } });
    map.addLayer({ id: `${AREAS}-line`, type: 'line', source: AREAS, paint: { 'line-color': ['match', ['get', 'kind'], 'fee', AREA_COLOURS.fee, AREA_COLOURS.service], 'line-width': 2 } });
    map.addSource(DRAFT, { type: 'geojson', data: draftData([], false) });
    map.addLayer({ id: `${DRAFT}-fill`, type: 'fill', source: DRAFT, filter: ['==', ['geometry-type'], 'Polygon'], paint: { 'fill-color': AREA_COLOURS.draft, 'fill-opacity': 0.2 } });
    map.addLayer({ id: `${DRAFT}-line`, type: 'line', source: DRAFT, paint: { 'line-color': AREA_COLOURS.draft, 'line-width': 3, 'line-dasharray': [2, 1] } });
    map.addSource(DRAFT_CORNERS, { type: 'geojson', data: cornersData([]) });
    map.addLayer({
      id: DRAFT_CORNERS, type: 'circle', source: DRAFT_CORNERS,
      paint: { 'circle-radius': ['case', ['get', 'first'], 7, 5], 'circle-color': '#ffffff', 'circle-stroke-color': AREA_COLOURS.draft, 'circle-stroke-width': 2.5 },
    });
    const popup = new maplibregl.Popup({ closeButton: false, closeOnClick: true, offset: 8 });
    const showName = (e: maplibregl.MapLayerMouseEvent) => {
      const name = e.features?.[0]?.properties?.name;
      if (typeof name === 'string') popup.setLngLat(e.lngLat).setText(name).addTo(map);
    };
    map.on('mousemove', `${AREAS}-fill`, showName);
    map.on('mouseleave', `${AREAS}-fill`, () => popup.remove());
    setReady(true);
  }, [map]);

  useEffect(() => {
    if (!map || !ready) return;
    (map.getSource(AREAS) as maplibregl.GeoJSONSource).setData(areasData(areas, editingId));
    // Fit once for the list, and again for each area opened for editing.
    const key = editingId ?? (areas.length ? 'all' : null);
    if (key && fittedFor.current !== key) {
      const points = editingId ? (areas.find((a) => a.id === editingId)?.polygon ?? []) : areas.flatMap((a) => a.polygon);
      const bounds = boundsOf(points);
      if (bounds) {
        map.fitBounds(bounds, { padding: FIT_PADDING, maxZoom: 12, duration: 0 });
        fittedFor.current = key;
      }
    }
  }, [map, ready, areas, editingId]);

  useEffect(() => {
    if (!map || !ready) return;
    (map.getSource(DRAFT) as maplibregl.GeoJSONSource).setData(draftData(draft, closed));
    (map.getSource(DRAFT_CORNERS) as maplibregl.GeoJSONSource).setData(cornersData(draft));
  }, [map, ready, draft, closed]);

  return (
    <div className="trip-map trip-map--picking" style={{ height }} role="region" aria-label={ariaLabel} data-testid="areas-map" data-ready={ready ? 'true' : 'false'}>
      <div ref={container} style={{ position: 'absolute', inset: 0 }} />
      <MapStatus state={state} />
    </div>
  );
}

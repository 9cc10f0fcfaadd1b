import type { StyleSpecification } from 'maplibre-gl';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// An asset URL, not an import: the 750 kB of shapes are fetched only when a map is first shown.
import countriesUrl from 'world-atlas/countries-50m.json?url';

type Countries = Topology<{ countries: GeometryCollection }>;

interface Basemap {
  land: GeoJSON.FeatureCollection;
  /** Borders between two countries. */
  borders: GeoJSON.MultiLineString;
  /** Edges with one country only: the coast. */
  coast: GeoJSON.MultiLineString;
}

let basemap: Promise<Basemap> | undefined;

async function loadBasemap(): Promise<Basemap> {
  const res = await fetch(countriesUrl);
  if (!res.ok) throw new Error(`Could not load the basemap: HTTP ${res.status}`);
  const topo = (await res.json()) as Countries;
  const countries = topo.objects.countries;
  return {
    land: feature(topo, countries),
    borders: mesh(topo, countries, (a, b) => a !== b),
    coast: mesh(topo, countries, (a, b) => a === b),
  };
}

/** Cloudscape-like quiet colours, so pins and the route stand out. */
const WATER = '#d4e7f5';
const LAND = '#f5f3ee';
const BORDER = '#a8a4b8';
const COAST = '#9fc0d8';

/**
 * The local cloud's basemap ("offline"): Natural Earth country shapes from `world-atlas`, drawn
 * as water, land and borders. No glyphs, sprites or tiles, so MapLibre never leaves the site.
 * Loaded once per page; a failed load is retried by the next map.
 */
export async function offlineStyle(): Promise<StyleSpecification> {
  basemap ??= loadBasemap().catch((e: unknown) => {
    basemap = undefined;
    throw e;
  });
  const { land, borders, coast } = await basemap;
  return {
    version: 8,
    sources: {
      land: { type: 'geojson', data: land, attribution: 'Natural Earth' },
      borders: { type: 'geojson', data: borders },
      coast: { type: 'geojson', data: coast },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': WATER } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': LAND } },
      { id: 'coast', type: 'line', source: 'coast', paint: { 'line-color': COAST, 'line-width': 1 } },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        paint: { 'line-color': BORDER, 'line-width': 1, 'line-dasharray': [3, 2] },
      },
    ],
  };
}

import type { FeatureCollection } from 'geojson';
import type { PaletteMode } from '@mui/material/styles';
import type { ExpressionSpecification, GeoJSONSource, Map as MapLibreMap, StyleSpecification, SymbolLayerSpecification } from 'maplibre-gl';
import { bordersUrl, landUrl, placesUrl } from 'virtual:offline-atlas';

/**
 * The offline basemap: sea, land, country borders, named places and a coordinate grid, all drawn
 * from local data, so the map is never blank without internet. No sprites or remote tiles; the
 * places' names are drawn by the browser's own fonts (a style without `glyphs` has MapLibre draw
 * every glyph locally).
 */
export const FALLBACK_SOURCES = {
  land: 'fallback-land',
  borders: 'fallback-borders',
  places: 'fallback-places',
  grid: 'fallback-grid',
} as const;

/**
 * Names by rank (0: a million people or more … 4: under 20,000; build/offline-atlas.ts) and the
 * zoom from which each shows: a country's big cities from afar, Brazil's towns close by.
 */
const PLACE_LAYERS = [
  // MapLibre places the topmost layer's names first: the biggest places go last
  { id: 'fallback-places-4', ranks: [4], minzoom: 9, font: 'Noto Sans Regular' },
  { id: 'fallback-places-2', ranks: [2, 3], minzoom: 6, font: 'Noto Sans Regular' },
  { id: 'fallback-places-0', ranks: [0, 1], minzoom: 3, font: 'Noto Sans Bold' },
] as const;
/** Text size by rank: the bigger the place, the bigger its name. */
const PLACE_SIZE: ExpressionSpecification = ['match', ['get', 'r'], 0, 16, 1, 14, 2, 13, 3, 12, 11.5];

export const FALLBACK_LAYER_IDS = ['fallback-sea', 'fallback-land', 'fallback-borders', 'fallback-grid', ...PLACE_LAYERS.map((layer) => layer.id)];

const empty: FeatureCollection = { type: 'FeatureCollection', features: [] };
const ATLAS_MAX_ZOOM = 6;

interface Palette {
  sea: string;
  land: string;
  borders: string;
  grid: string;
  places: string;
}

const PALETTES: Record<PaletteMode, Palette> = {
  light: { sea: '#b7d3e6', land: '#f1efe8', borders: '#9b8fb0', grid: '#5c6b7a', places: '#4a5563' },
  dark: { sea: '#0e1c2b', land: '#25303b', borders: '#6f7f93', grid: '#9fb0c2', places: '#b9c6d3' },
};

/** Recolours the basemap of a live map for the light or dark theme. */
export function paintFallback(map: MapLibreMap, mode: PaletteMode): void {
  const palette = PALETTES[mode];
  map.setPaintProperty('fallback-sea', 'background-color', palette.sea);
  map.setPaintProperty('fallback-land', 'fill-color', palette.land);
  map.setPaintProperty('fallback-borders', 'line-color', palette.borders);
  map.setPaintProperty('fallback-grid', 'line-color', palette.grid);
  for (const { id } of PLACE_LAYERS) {
    map.setPaintProperty(id, 'text-color', palette.places);
    map.setPaintProperty(id, 'text-halo-color', palette.land);
  }
}

/**
 * Fills in the atlas: the map's worker fetches and parses it from its URLs, off the page's main
 * thread. In the first style it would hold the map's load back by the atlas' parsing.
 */
export function fillAtlas(map: MapLibreMap): void {
  map.getSource<GeoJSONSource>(FALLBACK_SOURCES.land)?.setData(landUrl);
  map.getSource<GeoJSONSource>(FALLBACK_SOURCES.borders)?.setData(bordersUrl);
  map.getSource<GeoJSONSource>(FALLBACK_SOURCES.places)?.setData(placesUrl);
}

export function fallbackStyle(mode: PaletteMode): StyleSpecification {
  const palette = PALETTES[mode];
  return {
    version: 8,
    // no animated paint changes: without a GPU each of their frames costs the page ~100 ms
    transition: { duration: 0, delay: 0 },
    sources: {
      // the atlas comes once the map has loaded (fillAtlas); past zoom 6 its tiles (~150 m a unit)
      // would be finer than the 1:50m atlas, so they are only magnified
      [FALLBACK_SOURCES.land]: { type: 'geojson', data: empty, maxzoom: ATLAS_MAX_ZOOM },
      [FALLBACK_SOURCES.borders]: { type: 'geojson', data: empty, maxzoom: ATLAS_MAX_ZOOM },
      // a place's tile position at zoom 8 is within ~20 m: plenty for a town's name
      [FALLBACK_SOURCES.places]: { type: 'geojson', data: empty, maxzoom: 8, attribution: '© GeoNames' },
      [FALLBACK_SOURCES.grid]: { type: 'geojson', data: empty },
    },
    layers: [
      { id: 'fallback-sea', type: 'background', paint: { 'background-color': palette.sea } },
      {
        id: 'fallback-land',
        type: 'fill',
        source: FALLBACK_SOURCES.land,
        paint: { 'fill-color': palette.land, 'fill-antialias': true },
      },
      {
        id: 'fallback-borders',
        type: 'line',
        source: FALLBACK_SOURCES.borders,
        paint: {
          'line-color': palette.borders,
          'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.6, 6, 1.5],
          'line-dasharray': [3, 2],
        },
      },
      {
        id: 'fallback-grid',
        type: 'line',
        source: FALLBACK_SOURCES.grid,
        paint: { 'line-color': palette.grid, 'line-opacity': 0.22, 'line-width': 1 },
      },
      ...PLACE_LAYERS.map(({ id, ranks, minzoom, font }): SymbolLayerSpecification => ({
        id,
        type: 'symbol',
        source: FALLBACK_SOURCES.places,
        minzoom,
        filter: ['in', ['get', 'r'], ['literal', [...ranks]]],
        layout: {
          'text-field': ['get', 'n'],
          // no such font needs to exist: the name gives the weight, the browser's sans-serif the letters
          'text-font': [font],
          'text-size': PLACE_SIZE,
          'text-max-width': 8,
          'text-padding': 4,
          // the features come largest first: where names would collide, the bigger place keeps its own
          'symbol-sort-key': ['get', 'r'],
        },
        paint: { 'text-color': palette.places, 'text-halo-color': palette.land, 'text-halo-width': 1.5 },
      })),
    ],
  };
}

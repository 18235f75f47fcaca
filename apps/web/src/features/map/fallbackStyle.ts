import type { FeatureCollection } from 'geojson';
import type { PaletteMode } from '@mui/material/styles';
import type { GeoJSONSource, Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
import { bordersUrl, landUrl } from 'virtual:offline-atlas';

/**
 * The offline basemap: sea, land, country borders and a coordinate grid, all drawn from local data,
 * so the map is never blank without internet. No glyphs, sprites or remote tiles.
 */
export const FALLBACK_SOURCES = {
  land: 'fallback-land',
  borders: 'fallback-borders',
  grid: 'fallback-grid',
} as const;

export const FALLBACK_LAYER_IDS = ['fallback-sea', 'fallback-land', 'fallback-borders', 'fallback-grid'];

const empty: FeatureCollection = { type: 'FeatureCollection', features: [] };
const ATLAS_MAX_ZOOM = 6;

interface Palette {
  sea: string;
  land: string;
  borders: string;
  grid: string;
}

const PALETTES: Record<PaletteMode, Palette> = {
  light: { sea: '#b7d3e6', land: '#f1efe8', borders: '#9b8fb0', grid: '#5c6b7a' },
  dark: { sea: '#0e1c2b', land: '#25303b', borders: '#6f7f93', grid: '#9fb0c2' },
};

/** Recolours the basemap of a live map for the light or dark theme. */
export function paintFallback(map: MapLibreMap, mode: PaletteMode): void {
  const palette = PALETTES[mode];
  map.setPaintProperty('fallback-sea', 'background-color', palette.sea);
  map.setPaintProperty('fallback-land', 'fill-color', palette.land);
  map.setPaintProperty('fallback-borders', 'line-color', palette.borders);
  map.setPaintProperty('fallback-grid', 'line-color', palette.grid);
}

/**
 * Fills in the atlas: the map's worker fetches and parses it from its URLs, off the page's main
 * thread. In the first style it would hold the map's load back by the atlas' parsing.
 */
export function fillAtlas(map: MapLibreMap): void {
  map.getSource<GeoJSONSource>(FALLBACK_SOURCES.land)?.setData(landUrl);
  map.getSource<GeoJSONSource>(FALLBACK_SOURCES.borders)?.setData(bordersUrl);
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
    ],
  };
}

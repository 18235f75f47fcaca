import type { FeatureCollection } from 'geojson';
import type { StyleSpecification } from 'maplibre-gl';

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

export function fallbackStyle(): StyleSpecification {
  return {
    version: 8,
    sources: {
      [FALLBACK_SOURCES.land]: { type: 'geojson', data: empty },
      [FALLBACK_SOURCES.borders]: { type: 'geojson', data: empty },
      [FALLBACK_SOURCES.grid]: { type: 'geojson', data: empty },
    },
    layers: [
      { id: 'fallback-sea', type: 'background', paint: { 'background-color': '#b7d3e6' } },
      {
        id: 'fallback-land',
        type: 'fill',
        source: FALLBACK_SOURCES.land,
        paint: { 'fill-color': '#f1efe8', 'fill-antialias': true },
      },
      {
        id: 'fallback-borders',
        type: 'line',
        source: FALLBACK_SOURCES.borders,
        paint: {
          'line-color': '#9b8fb0',
          'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.6, 6, 1.5],
          'line-dasharray': [3, 2],
        },
      },
      {
        id: 'fallback-grid',
        type: 'line',
        source: FALLBACK_SOURCES.grid,
        paint: { 'line-color': '#5c6b7a', 'line-opacity': 0.22, 'line-width': 1 },
      },
    ],
  };
}

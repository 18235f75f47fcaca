import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import { BASEMAP_SOURCE, basemapLayers } from './basemapStyle.ts';

describe('basemapLayers', () => {
  it.each(['light', 'dark'] as const)('is a valid MapLibre style in %s mode', (mode) => {
    const style = { version: 8 as const, sources: { [BASEMAP_SOURCE]: { type: 'vector' as const, url: 'pmtiles://http://localhost/basemap.pmtiles' } }, layers: basemapLayers(mode) };
    expect(validateStyleMin(style).map((error) => error.message)).toEqual([]);
  });

  it('draws roads, water and names of both common schemas, and no glyphs from anywhere', () => {
    const layers = basemapLayers('light');
    const sourceLayers = new Set(layers.map((layer) => ('source-layer' in layer ? layer['source-layer'] : null)));
    for (const name of ['earth', 'water', 'roads', 'places', 'transportation', 'place']) expect(sourceLayers).toContain(name);
    expect(new Set(layers.map((layer) => layer.id)).size).toBe(layers.length);
  });
});

import { featureFilter, validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
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

  it("draws Protomaps' railways, footpaths and rivers as such, not as streets", () => {
    const layers = basemapLayers('light');
    /** The ids of the layers of `sourceLayer` that draw a feature of this geometry type and properties. */
    const drawing = (sourceLayer: string, type: 'LineString' | 'Polygon', properties: Record<string, unknown>) =>
      layers
        .filter((layer) => 'source-layer' in layer && layer['source-layer'] === sourceLayer)
        .filter((layer) => featureFilter('filter' in layer ? layer.filter : undefined).filter({ zoom: 16 }, { type, properties }))
        .map((layer) => layer.id);
    expect(drawing('roads', 'LineString', { kind: 'major_road', name: 'Avenida Paulista' })).toEqual(['basemap-roads-casing', 'basemap-roads', 'basemap-road-names']);
    expect(drawing('roads', 'LineString', { kind: 'rail' })).toEqual(['basemap-roads-rail', 'basemap-road-names']);
    expect(drawing('roads', 'LineString', { kind: 'path' })).toEqual(['basemap-roads-paths', 'basemap-road-names']);
    expect(drawing('water', 'LineString', { kind: 'river' })).toEqual(['basemap-water-lines']);
    expect(drawing('water', 'Polygon', { kind: 'lake' })).toEqual(['basemap-water']);
    expect(drawing('transportation', 'LineString', { class: 'primary' })).toEqual(['basemap-transportation-casing', 'basemap-transportation']);
  });
});

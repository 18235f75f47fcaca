import { describe, expect, it } from 'vitest';
import { MAP_LAYERS, TRACCAR_MAP_LAYERS, mapLayerOf } from './tiles.ts';

describe('mapLayerOf', () => {
  it('keeps our own layers', () => {
    for (const id of MAP_LAYERS) expect(mapLayerOf(id)).toBe(id);
    expect(mapLayerOf(' osm ')).toBe('osm');
  });

  it("reads Traccar's layer ids that have an equivalent here", () => {
    expect(mapLayerOf('mapTilerBasic')).toBe('mapTilerStreets');
    expect(mapLayerOf('mapTilerHybrid')).toBe('mapTilerSatellite');
    expect(mapLayerOf('mapboxStreetsDark')).toBe('mapboxStreets');
    expect(mapLayerOf('mapboxOutdoors')).toBe('mapboxStreets');
    expect(mapLayerOf('mapboxSatelliteStreet')).toBe('mapboxSatellite');
    expect(mapLayerOf('custom')).toBe('custom');
    // older Traccar webs saved some capitalised
    expect(mapLayerOf('OSM')).toBe('osm');
    expect(mapLayerOf('maptilerbasic')).toBe('mapTilerStreets');
    for (const ours of Object.values(TRACCAR_MAP_LAYERS)) expect(MAP_LAYERS).toContain(ours);
  });

  it('has no layer for empty, unknown values and tile templates', () => {
    for (const value of [null, undefined, '', '  ', 'openTopoMap', 'carto', 'googleRoad', 'bingRoad', 'autoNavi', 'free text',
      'https://tiles.example.com/{z}/{x}/{y}.png', 'constructor', '__proto__', 'toString']) {
      expect(mapLayerOf(value), String(value)).toBeNull();
    }
  });
});

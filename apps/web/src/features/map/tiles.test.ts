// @vitest-environment jsdom
import type { TileSources } from '@rastro/api';
import { describe, expect, it } from 'vitest';
import { TileHealth, baseLayers, chosenBaseLayer, drawnBaseLayer, type BaseLayer } from './tiles.ts';

const server = { map: null, mapUrl: null };
const osmOnly: TileSources = { providers: ['osm'], basemap: false };
const everything: TileSources = { providers: ['osm', 'mapTilerStreets', 'mapTilerSatellite', 'mapboxStreets', 'mapboxSatellite'], basemap: true };
const ids = (layers: BaseLayer[]) => layers.map((layer) => layer.id);
const tilesOf = (layer: BaseLayer | undefined) => (layer?.kind === 'raster' ? layer.tiles : null);

describe('baseLayers', () => {
  it('draws the providers through the server tile proxy, which holds their keys', () => {
    const layers = baseLayers(everything, server, null);
    expect(ids(layers)).toEqual(['osm', 'mapTilerStreets', 'mapTilerSatellite', 'mapboxStreets', 'mapboxSatellite', 'basemap']);
    expect(tilesOf(layers[0])).toEqual([`${location.origin}/tarkan/tiles/osm/{z}/{x}/{y}`]);
    expect(tilesOf(layers[3])).toEqual([`${location.origin}/tarkan/tiles/mapboxStreets/{z}/{x}/{y}`]);
    expect(layers.flatMap((layer) => tilesOf(layer) ?? []).join()).not.toMatch(/key|token/i);
    expect(layers[5]).toMatchObject({ kind: 'vector', url: `pmtiles://${location.origin}/tarkan/basemap.pmtiles` });
  });

  it('offers nothing but the server template before the sources are known', () => {
    expect(baseLayers(undefined, server, null)).toEqual([]);
    expect(ids(baseLayers(undefined, { ...server, mapUrl: 'https://tiles.example/{z}/{x}/{y}.png' }, null))).toEqual(['custom']);
  });

  it('puts the server tile template first, from mapUrl, else the user map, else the server map', () => {
    const layers = baseLayers(osmOnly, { ...server, mapUrl: 'https://tiles.example/{z}/{x}/{y}.png' }, null);
    expect(layers[0]).toEqual({ id: 'custom', kind: 'raster', tiles: ['https://tiles.example/{z}/{x}/{y}.png'], attribution: '', maxzoom: 19 });
    expect(tilesOf(baseLayers(osmOnly, { ...server, map: '/tiles/{z}/{x}/{y}.png' }, { map: 'https://u.example/{z}/{x}/{y}' })[0])).toEqual(['https://u.example/{z}/{x}/{y}']);
    expect(tilesOf(baseLayers(osmOnly, { ...server, map: '/tiles/{z}/{x}/{y}.png' }, null)[0])).toEqual(['/tiles/{z}/{x}/{y}.png']);
    expect(ids(baseLayers(osmOnly, { ...server, mapUrl: 'javascript:{z}{x}{y}' }, null))).toEqual(['osm']);
  });

  it('expands {s} subdomains', () => {
    expect(tilesOf(baseLayers(osmOnly, { ...server, mapUrl: 'https://{s}.tile.example/{z}/{x}/{y}.png' }, null)[0])).toEqual([
      'https://a.tile.example/{z}/{x}/{y}.png',
      'https://b.tile.example/{z}/{x}/{y}.png',
      'https://c.tile.example/{z}/{x}/{y}.png',
    ]);
  });
});

describe('chosenBaseLayer', () => {
  const layers = baseLayers({ providers: ['osm', 'mapTilerStreets', 'mapTilerSatellite'], basemap: true }, server, null);

  it('is the street map when nobody chose another', () => {
    expect(chosenBaseLayer(layers, null, { map: null }, null)).toBe('osm');
    expect(chosenBaseLayer(layers, null, { map: '' }, { map: '' })).toBe('osm');
    // a Traccar map name this server does not draw
    expect(chosenBaseLayer(layers, null, { map: 'carto' }, null)).toBe('osm');
  });

  it('prefers the pick of the map options, then the user map, then the server map', () => {
    expect(chosenBaseLayer(layers, 'mapTilerSatellite', { map: 'osm' }, { map: 'mapTilerStreets' })).toBe('mapTilerSatellite');
    expect(chosenBaseLayer(layers, null, { map: 'osm' }, { map: 'mapTilerStreets' })).toBe('mapTilerStreets');
    expect(chosenBaseLayer(layers, null, { map: 'basemap' }, { map: null })).toBe('basemap');
    expect(chosenBaseLayer(layers, 'offline', { map: 'osm' }, null)).toBe('offline');
    expect(chosenBaseLayer(layers, null, { map: 'offline' }, null)).toBe('offline');
  });

  it("reads Traccar's layer ids as their equivalent here, and an unknown one as none", () => {
    expect(chosenBaseLayer(layers, null, { map: 'osm' }, { map: 'mapTilerBasic' })).toBe('mapTilerStreets');
    expect(chosenBaseLayer(layers, null, { map: 'mapTilerHybrid' }, null)).toBe('mapTilerSatellite');
    // the user's unknown value gives way to the server's
    expect(chosenBaseLayer(layers, null, { map: 'basemap' }, { map: 'googleRoad' })).toBe('basemap');
    expect(chosenBaseLayer(layers, null, { map: 'bingRoad' }, { map: 'whatever' })).toBe('osm');
  });

  it('passes over a provider whose key is not set', () => {
    expect(chosenBaseLayer(layers, 'mapboxStreets', { map: 'mapboxSatellite' }, null)).toBe('osm');
  });

  it('is the self-hosted basemap, else the atlas, when the server offers no street map', () => {
    expect(chosenBaseLayer(baseLayers({ providers: [], basemap: true }, server, null), null, { map: null }, null)).toBe('basemap');
    expect(chosenBaseLayer([], null, { map: 'osm' }, null)).toBe('offline');
  });

  it('maps a tile template setting to the custom layer', () => {
    const withTemplate = baseLayers(osmOnly, { ...server, map: '/tiles/{z}/{x}/{y}.png' }, null);
    expect(chosenBaseLayer(withTemplate, null, { map: '/tiles/{z}/{x}/{y}.png' }, null)).toBe('custom');
  });
});

describe('drawnBaseLayer', () => {
  const withBasemap = baseLayers({ providers: ['osm'], basemap: true }, server, null);
  const withoutBasemap = baseLayers(osmOnly, server, null);

  it('draws the chosen layer while it works', () => {
    expect(drawnBaseLayer(withBasemap, 'osm', new Set())).toBe('osm');
    expect(drawnBaseLayer(withBasemap, 'offline', new Set())).toBe('offline');
  });

  it('falls back to the self-hosted basemap, then to the offline atlas, when tiles fail', () => {
    expect(drawnBaseLayer(withBasemap, 'osm', new Set(['osm']))).toBe('basemap');
    expect(drawnBaseLayer(withBasemap, 'osm', new Set(['osm', 'basemap']))).toBe('offline');
    expect(drawnBaseLayer(withoutBasemap, 'osm', new Set(['osm']))).toBe('offline');
    expect(drawnBaseLayer(withBasemap, 'basemap', new Set(['basemap']))).toBe('offline');
  });
});

describe('TileHealth', () => {
  it('fails after a run of errors with no tile loaded between them', () => {
    const health = new TileHealth(3);
    expect([health.failed(), health.failed()]).toEqual([false, false]);
    health.loaded();
    expect([health.failed(), health.failed(), health.failed()]).toEqual([false, false, true]);
  });
});

import { describe, expect, it } from 'vitest';
import { baseLayers, chosenBaseLayer } from './tiles.ts';

const server = { map: null, mapUrl: null, attributes: {} };

describe('baseLayers', () => {
  it('offers OpenStreetMap, and the server tile template first when there is one', () => {
    expect(baseLayers(server, null).map((layer) => layer.id)).toEqual(['osm']);
    const layers = baseLayers({ ...server, mapUrl: 'https://tiles.example/{z}/{x}/{y}.png' }, null);
    expect(layers[0]).toEqual({ id: 'custom', tiles: ['https://tiles.example/{z}/{x}/{y}.png'], attribution: '' });
  });

  it('finds a template in the user map, then the server map', () => {
    expect(baseLayers({ ...server, map: '/tiles/{z}/{x}/{y}.png' }, { map: 'https://u.example/{z}/{x}/{y}', attributes: {} })[0].tiles)
      .toEqual(['https://u.example/{z}/{x}/{y}']);
    expect(baseLayers({ ...server, map: '/tiles/{z}/{x}/{y}.png' }, null)[0].tiles).toEqual(['/tiles/{z}/{x}/{y}.png']);
    expect(baseLayers({ ...server, mapUrl: 'javascript:{z}{x}{y}' }, null).map((layer) => layer.id)).toEqual(['osm']);
  });

  it('expands {s} subdomains', () => {
    expect(baseLayers({ ...server, mapUrl: 'https://{s}.tile.example/{z}/{x}/{y}.png' }, null)[0].tiles).toEqual([
      'https://a.tile.example/{z}/{x}/{y}.png',
      'https://b.tile.example/{z}/{x}/{y}.png',
      'https://c.tile.example/{z}/{x}/{y}.png',
    ]);
  });

  it('adds the keyed providers when their key is set, the user key first', () => {
    const keyed = baseLayers({ ...server, attributes: { mapTilerKey: 'srv', mapboxAccessToken: 'pk.1' } }, { map: null, attributes: { mapTilerKey: 'usr' } });
    expect(keyed.map((layer) => layer.id)).toEqual(['osm', 'mapTilerStreets', 'mapTilerSatellite', 'mapboxStreets', 'mapboxSatellite']);
    expect(keyed[1].tiles[0]).toContain('key=usr');
    expect(keyed[3].tiles[0]).toContain('access_token=pk.1');
  });
});

describe('chosenBaseLayer', () => {
  const layers = baseLayers({ ...server, attributes: { mapTilerKey: 'k' } }, null);

  it('prefers the pick of the map options, then the user map, then the server map', () => {
    expect(chosenBaseLayer(layers, 'mapTilerSatellite', { map: 'osm' }, { map: 'mapTilerStreets' })).toBe('mapTilerSatellite');
    expect(chosenBaseLayer(layers, null, { map: 'osm' }, { map: 'mapTilerStreets' })).toBe('mapTilerStreets');
    expect(chosenBaseLayer(layers, null, { map: 'osm' }, { map: null })).toBe('osm');
  });

  it('falls back to the offline basemap when nothing available is chosen', () => {
    expect(chosenBaseLayer(layers, null, { map: null }, null)).toBe('offline');
    expect(chosenBaseLayer(layers, 'mapboxStreets', { map: 'carto' }, null)).toBe('offline');
    expect(chosenBaseLayer(layers, 'offline', { map: 'osm' }, null)).toBe('offline');
  });

  it('maps a tile template setting to the custom layer', () => {
    const withTemplate = baseLayers({ ...server, map: '/tiles/{z}/{x}/{y}.png' }, null);
    expect(chosenBaseLayer(withTemplate, null, { map: '/tiles/{z}/{x}/{y}.png' }, null)).toBe('custom');
  });
});

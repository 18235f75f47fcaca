import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('map tile settings', () => {
  it('default to the providers themselves, a cache in the data directory and a basemap beside it', () => {
    const { tiles } = loadConfig({}, '/srv/rastro');
    expect(tiles).toMatchObject({
      osmUrl: 'https://tile.openstreetmap.org',
      mapTilerUrl: 'https://api.maptiler.com',
      mapboxUrl: 'https://api.mapbox.com',
      cacheDir: '/srv/rastro/data/tiles',
      cacheBytes: 512 * 1024 * 1024,
      concurrency: 2,
      timeoutMs: 10_000,
      basemapFile: '/srv/rastro/data/basemap.pmtiles',
    });
    expect(tiles.userAgent).toMatch(/^Rastro\/\S+ \(fleet tracking server\)$/);
  });

  it('take a mirror, a contact, a cache size and a basemap path', () => {
    const { tiles } = loadConfig({
      RASTRO_DATA_DIR: '/var/lib/rastro',
      RASTRO_TILES_OSM_URL: 'http://tiles.lan:8080/osm/',
      RASTRO_TILES_CONTACT: 'ops@example.com',
      RASTRO_TILES_CACHE_MB: '64',
      RASTRO_BASEMAP_FILE: 'maps/brazil.pmtiles',
    }, '/srv/rastro');
    expect(tiles.osmUrl).toBe('http://tiles.lan:8080/osm');
    expect(tiles.userAgent).toMatch(/; ops@example\.com\)$/);
    expect(tiles.cacheDir).toBe('/var/lib/rastro/tiles');
    expect(tiles.cacheBytes).toBe(64 * 1024 * 1024);
    expect(tiles.basemapFile).toBe('/srv/rastro/maps/brazil.pmtiles');
  });

  it('refuse what is not an http(s) address or a sane number, naming the variable', () => {
    expect(() => loadConfig({ RASTRO_TILES_OSM_URL: 'file:///etc/passwd' })).toThrow(/RASTRO_TILES_OSM_URL/);
    expect(() => loadConfig({ RASTRO_TILES_MAPBOX_URL: 'https://api.mapbox.com?x=1' })).toThrow(/RASTRO_TILES_MAPBOX_URL/);
    expect(() => loadConfig({ RASTRO_TILES_CONCURRENCY: '0' })).toThrow(/RASTRO_TILES_CONCURRENCY/);
    expect(() => loadConfig({ RASTRO_TILES_CACHE_MB: 'lots' })).toThrow(/RASTRO_TILES_CACHE_MB/);
  });
});

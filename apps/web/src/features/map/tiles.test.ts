import { describe, expect, it } from 'vitest';
import { rasterTileUrls } from './tiles.ts';

describe('rasterTileUrls', () => {
  it('uses a tile template from the server mapUrl first', () => {
    expect(rasterTileUrls({ mapUrl: 'https://tiles.example/{z}/{x}/{y}.png', map: 'osm' }, { map: null }))
      .toEqual(['https://tiles.example/{z}/{x}/{y}.png']);
  });

  it('falls back to the user map, then the server map', () => {
    expect(rasterTileUrls({ mapUrl: null, map: '/tiles/{z}/{x}/{y}.png' }, { map: 'https://u.example/{z}/{x}/{y}' }))
      .toEqual(['https://u.example/{z}/{x}/{y}']);
    expect(rasterTileUrls({ mapUrl: '', map: '/tiles/{z}/{x}/{y}.png' }, null)).toEqual(['/tiles/{z}/{x}/{y}.png']);
  });

  it('ignores map names that are not templates', () => {
    expect(rasterTileUrls({ mapUrl: null, map: 'osm' }, { map: 'carto' })).toBeNull();
    expect(rasterTileUrls({ mapUrl: 'javascript:{z}{x}{y}', map: null }, null)).toBeNull();
  });

  it('expands {s} subdomains', () => {
    expect(rasterTileUrls({ mapUrl: 'https://{s}.tile.example/{z}/{x}/{y}.png', map: null }, null)).toEqual([
      'https://a.tile.example/{z}/{x}/{y}.png',
      'https://b.tile.example/{z}/{x}/{y}.png',
      'https://c.tile.example/{z}/{x}/{y}.png',
    ]);
  });
});

import type { TileProvider, TileSources } from '@rastro/api';
import { queryOptions } from '@tanstack/react-query';
import { TARKAN_BASE, requestJson } from './http.ts';

/** GET /tarkan/tiles: the proxied providers the signed-in user can draw, and whether a self-hosted basemap is there. */
export function getTileSources(): Promise<TileSources> {
  return requestJson('/tiles', { base: TARKAN_BASE });
}

/** Kept a minute; saving the server settings (a provider key) invalidates it. */
export const tileSourcesQuery = queryOptions({ queryKey: ['tile-sources'], queryFn: getTileSources, staleTime: 60_000 });

/**
 * A proxied provider's tile template for MapLibre: the server adds the key and caches the tiles.
 * Absolute: MapLibre's worker, which fetches the tiles, would resolve a bare path against its own blob: URL.
 */
export function proxiedTileUrl(provider: TileProvider): string {
  return `${location.origin}${TARKAN_BASE}/tiles/${provider}/{z}/{x}/{y}`;
}

/** The self-hosted basemap as the `pmtiles` protocol's source URL (MapLibre asks it for TileJSON, then tiles). */
export function basemapSourceUrl(): string {
  return `pmtiles://${location.origin}${TARKAN_BASE}/basemap.pmtiles`;
}

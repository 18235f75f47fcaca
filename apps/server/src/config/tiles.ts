import path from 'node:path';
import { PRODUCT_VERSION } from '@rastro/api';

/**
 * The tile proxy and the self-hosted basemap (docs/configuration.md, Map tiles). Upstream
 * addresses are overridable so that a server can use a mirror (and tests a stand-in on loopback).
 */
export interface TilesConfig {
  /** Base URLs of the upstream providers (no trailing slash). */
  osmUrl: string;
  mapTilerUrl: string;
  mapboxUrl: string;
  /** Sent upstream as User-Agent: OpenStreetMap's tile policy asks every app to identify itself. */
  userAgent: string;
  /** Disk cache of proxied tiles under the data directory; the oldest used are removed past this size. */
  cacheDir: string;
  cacheBytes: number;
  /** Upstream requests in flight at once, over all users (OSM's policy: a couple at most). */
  concurrency: number;
  timeoutMs: number;
  /** The self-hosted vector basemap (a PMTiles file), used when it exists. */
  basemapFile: string;
}

type Env = Record<string, string | undefined>;
type IntegerReader = (key: string, fallback: number, min?: number, max?: number) => number;

function baseUrl(env: Env, key: string, fallback: string): string {
  const raw = env[key]?.trim() || fallback;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    // reported below
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash) throw new Error(`${key} must be an http:// or https:// URL without query, got "${raw}"`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export function tilesConfig(env: Env, dataDir: string, cwd: string, integer: IntegerReader): TilesConfig {
  const contact = env.RASTRO_TILES_CONTACT?.trim();
  return {
    osmUrl: baseUrl(env, 'RASTRO_TILES_OSM_URL', 'https://tile.openstreetmap.org'),
    mapTilerUrl: baseUrl(env, 'RASTRO_TILES_MAPTILER_URL', 'https://api.maptiler.com'),
    mapboxUrl: baseUrl(env, 'RASTRO_TILES_MAPBOX_URL', 'https://api.mapbox.com'),
    userAgent: `Rastro/${PRODUCT_VERSION} (fleet tracking server${contact ? `; ${contact}` : ''})`,
    cacheDir: path.join(dataDir, 'tiles'),
    cacheBytes: integer('RASTRO_TILES_CACHE_MB', 512, 1, 1_000_000) * 1024 * 1024,
    concurrency: integer('RASTRO_TILES_CONCURRENCY', 2, 1, 16),
    timeoutMs: integer('RASTRO_TILES_TIMEOUT', 10, 1, 60) * 1000,
    basemapFile: path.resolve(cwd, env.RASTRO_BASEMAP_FILE?.trim() || path.join(dataDir, 'basemap.pmtiles')),
  };
}

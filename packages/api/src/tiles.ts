/**
 * The base maps the web draws. Street and satellite layers come through the server's tile proxy
 * (GET /tarkan/tiles/{provider}/{z}/{x}/{y}), which holds the providers' keys; `basemap` is a
 * self-hosted vector PMTiles file the server serves (GET /tarkan/basemap.pmtiles); `custom` is the
 * server's own tile template (`mapUrl`); `offline` the atlas bundled with the web app.
 */
export const TILE_PROVIDERS = ['osm', 'mapTilerStreets', 'mapTilerSatellite', 'mapboxStreets', 'mapboxSatellite'] as const;
export type TileProvider = (typeof TILE_PROVIDERS)[number];

/** Every value a user's or the server's `map` may name, in the order the choosers list them. */
export const MAP_LAYERS = [...TILE_PROVIDERS, 'basemap', 'custom', 'offline'] as const;
export type MapLayerId = (typeof MAP_LAYERS)[number];

export function isTileProvider(value: unknown): value is TileProvider {
  return typeof value === 'string' && (TILE_PROVIDERS as readonly string[]).includes(value);
}

/** GET /tarkan/tiles: what the server can draw for the asking user. */
export interface TileSources {
  /** Proxied providers usable now (the keyed ones only when their key is set). */
  providers: TileProvider[];
  /** Whether a self-hosted PMTiles basemap is present. */
  basemap: boolean;
}

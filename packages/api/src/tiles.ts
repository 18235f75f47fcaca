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

/**
 * The attributes holding the keyed providers' keys, on the server and on a user (whose own key
 * wins). Secrets: the server answers them masked and keeps the stored key when the mask comes back.
 */
export const MAP_KEY_ATTRIBUTES = ['mapTilerKey', 'mapboxAccessToken'] as const;
export type MapKeyAttribute = (typeof MAP_KEY_ATTRIBUTES)[number];

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

export function isMapLayer(value: unknown): value is MapLayerId {
  return typeof value === 'string' && (MAP_LAYERS as readonly string[]).includes(value);
}

/**
 * Traccar web's layer ids (`map` saved by Traccar, or by the product before this list) with an
 * equivalent here: the same provider's street or satellite map. The rest — Google, Bing, Carto,
 * OpenTopoMap, LocationIQ, TomTom, HERE, AutoNavi, Ordnance Survey, Yandex, Baidu, Wikimedia —
 * need a provider this server does not proxy, and have none.
 *
 *   Traccar id              → ours
 *   osm                     → osm
 *   mapTilerBasic           → mapTilerStreets
 *   mapTilerHybrid          → mapTilerSatellite
 *   mapboxStreets           → mapboxStreets
 *   mapboxStreetsDark       → mapboxStreets
 *   mapboxOutdoors          → mapboxStreets
 *   mapboxSatellite         → mapboxSatellite
 *   mapboxSatelliteStreet   → mapboxSatellite   (the same satellite-streets style)
 *   custom                  → custom            (the server's `mapUrl`)
 */
export const TRACCAR_MAP_LAYERS: Readonly<Record<string, MapLayerId>> = {
  mapTilerBasic: 'mapTilerStreets',
  mapTilerHybrid: 'mapTilerSatellite',
  mapboxStreetsDark: 'mapboxStreets',
  mapboxOutdoors: 'mapboxStreets',
  mapboxSatelliteStreet: 'mapboxSatellite',
};

/**
 * The layer a saved `map` value names: ours as it is, a Traccar id by the table above (matched
 * without regard to case, as Traccar's older web saved some capitalised); null for empty, unknown
 * values and tile templates (the map reads a template as the custom layer itself).
 */
export function mapLayerOf(value: string | null | undefined): MapLayerId | null {
  const text = value?.trim();
  if (!text) return null;
  if (isMapLayer(text)) return text;
  const lower = text.toLowerCase();
  const ours = MAP_LAYERS.find((id) => id.toLowerCase() === lower);
  if (ours) return ours;
  const legacy = Object.entries(TRACCAR_MAP_LAYERS).find(([id]) => id.toLowerCase() === lower);
  return legacy ? legacy[1] : null;
}

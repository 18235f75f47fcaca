import { mapLayerOf, type Server, type TileProvider, type TileSources, type User } from '@rastro/api';
import { basemapSourceUrl, proxiedTileUrl } from '../../api/tiles.ts';

/** A base layer drawn above the offline atlas: raster tiles, or the self-hosted vector basemap. */
export type BaseLayer =
  | { id: TileProvider | 'custom'; kind: 'raster'; tiles: string[]; attribution: string; maxzoom: number }
  | { id: 'basemap'; kind: 'vector'; url: string; attribution: string };

/** The offline atlas alone. */
export const OFFLINE_LAYER = 'offline';
/** The street map drawn unless someone chose otherwise. */
export const DEFAULT_LAYER: TileProvider = 'osm';

const TEMPLATE = /^(https?:\/\/|\/).*\{z\}.*\{x\}.*\{y\}/i;

function isTemplate(value: unknown): value is string {
  return typeof value === 'string' && TEMPLATE.test(value.trim());
}

/** Leaflet-style `{s}` subdomains, which MapLibre does not expand, become one URL per subdomain. */
function expandSubdomains(template: string): string[] {
  const url = template.trim();
  return url.includes('{s}') ? ['a', 'b', 'c'].map((subdomain) => url.replace('{s}', subdomain)) : [url];
}

const OSM = '© OpenStreetMap contributors';
const ATTRIBUTION: Record<TileProvider, string> = {
  osm: OSM,
  mapTilerStreets: `© MapTiler ${OSM}`,
  mapTilerSatellite: `© MapTiler ${OSM}`,
  mapboxStreets: `© Mapbox ${OSM}`,
  mapboxSatellite: `© Mapbox ${OSM}`,
};
const MAX_ZOOM: Record<TileProvider, number> = { osm: 19, mapTilerStreets: 22, mapTilerSatellite: 20, mapboxStreets: 22, mapboxSatellite: 22 };

/**
 * The base layers this server offers the user: the server's own tile template (`mapUrl`, or a
 * template in the user's or server's `map`), the providers its tile proxy can fetch (`sources`:
 * OpenStreetMap, and MapTiler and Mapbox when their key is set), and the self-hosted basemap.
 */
export function baseLayers(
  sources: TileSources | null | undefined,
  server: Pick<Server, 'map' | 'mapUrl'>,
  user: Pick<User, 'map'> | null,
): BaseLayer[] {
  const layers: BaseLayer[] = [];
  const custom = [server.mapUrl, user?.map, server.map].find(isTemplate);
  if (custom) layers.push({ id: 'custom', kind: 'raster', tiles: expandSubdomains(custom), attribution: '', maxzoom: 19 });
  for (const provider of sources?.providers ?? []) {
    layers.push({ id: provider, kind: 'raster', tiles: [proxiedTileUrl(provider)], attribution: ATTRIBUTION[provider], maxzoom: MAX_ZOOM[provider] });
  }
  if (sources?.basemap) layers.push({ id: 'basemap', kind: 'vector', url: basemapSourceUrl(), attribution: OSM });
  return layers;
}

/**
 * The layer to draw: the one picked in the map options, else the user's `map`, else the server's
 * (a tile template in either is the custom layer, a Traccar layer id its equivalent here); else the street map, else the self-hosted
 * basemap; the offline atlas alone when none of them is available.
 */
export function chosenBaseLayer(
  layers: readonly BaseLayer[],
  picked: string | null,
  server: Pick<Server, 'map'>,
  user: Pick<User, 'map'> | null,
): string {
  const available = new Set([OFFLINE_LAYER, ...layers.map((layer) => layer.id)]);
  // a Traccar layer id reads as ours (@rastro/api mapLayerOf); an unknown value as none, leaving it to the next
  const configured = (value: string | null | undefined) => (isTemplate(value) ? 'custom' : mapLayerOf(value));
  const candidates = [picked, configured(user?.map), configured(server.map), DEFAULT_LAYER, 'basemap'];
  return candidates.find((id): id is string => typeof id === 'string' && available.has(id)) ?? OFFLINE_LAYER;
}

/**
 * What is drawn when some layers' tiles could not be fetched (no internet, provider down): the
 * chosen layer while it works, else the self-hosted basemap (it needs only this server), else the
 * offline atlas, which needs nothing.
 */
export function drawnBaseLayer(layers: readonly BaseLayer[], chosen: string, failed: ReadonlySet<string>): string {
  if (chosen === OFFLINE_LAYER) return OFFLINE_LAYER;
  for (const id of [chosen, 'basemap']) {
    if (!failed.has(id) && layers.some((layer) => layer.id === id)) return id;
  }
  return OFFLINE_LAYER;
}

/**
 * Whether a source's tiles are failing: `limit` errors in a row with no tile loaded between them
 * (one error is a single missing tile; a run of them, with nothing loading, is no connection).
 */
export class TileHealth {
  private errors = 0;

  constructor(private readonly limit: number) {}

  loaded(): void {
    this.errors = 0;
  }

  /** True once the run of errors reaches the limit. */
  failed(): boolean {
    this.errors += 1;
    return this.errors >= this.limit;
  }
}

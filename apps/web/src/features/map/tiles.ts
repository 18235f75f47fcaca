import type { Server, User } from '@rastro/api';

/** A raster base layer drawn above the offline basemap. */
export interface BaseLayer {
  id: string;
  tiles: string[];
  attribution: string;
}

/** The offline basemap alone. */
export const OFFLINE_LAYER = 'offline';

const TEMPLATE = /^(https?:\/\/|\/).*\{z\}.*\{x\}.*\{y\}/i;

function isTemplate(value: unknown): value is string {
  return typeof value === 'string' && TEMPLATE.test(value.trim());
}

/** Leaflet-style `{s}` subdomains, which MapLibre does not expand, become one URL per subdomain. */
function expandSubdomains(template: string): string[] {
  const url = template.trim();
  return url.includes('{s}') ? ['a', 'b', 'c'].map((subdomain) => url.replace('{s}', subdomain)) : [url];
}

function key(name: string, user: Pick<User, 'attributes'> | null, server: Pick<Server, 'attributes'>): string | null {
  const value = user?.attributes[name] ?? server.attributes[name];
  return typeof value === 'string' && value.trim() !== '' ? encodeURIComponent(value.trim()) : null;
}

const OSM_ATTRIBUTION = '© OpenStreetMap contributors';

/**
 * The base layers this server offers: OpenStreetMap; MapTiler and Mapbox, the two keyed providers,
 * when their key is set (`mapTilerKey`, `mapboxAccessToken`: user attribute, else server attribute);
 * and the server's own tile template (`mapUrl`, or a template in the user's or server's `map`).
 */
export function baseLayers(server: Pick<Server, 'map' | 'mapUrl' | 'attributes'>, user: Pick<User, 'map' | 'attributes'> | null): BaseLayer[] {
  const layers: BaseLayer[] = [];
  const custom = [server.mapUrl, user?.map, server.map].find(isTemplate);
  if (custom) layers.push({ id: 'custom', tiles: expandSubdomains(custom), attribution: '' });
  layers.push({ id: 'osm', tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'], attribution: OSM_ATTRIBUTION });
  const mapTiler = key('mapTilerKey', user, server);
  if (mapTiler) {
    const attribution = `© MapTiler ${OSM_ATTRIBUTION}`;
    layers.push(
      { id: 'mapTilerStreets', tiles: [`https://api.maptiler.com/maps/streets-v2/256/{z}/{x}/{y}.png?key=${mapTiler}`], attribution },
      { id: 'mapTilerSatellite', tiles: [`https://api.maptiler.com/maps/satellite/256/{z}/{x}/{y}.jpg?key=${mapTiler}`], attribution },
    );
  }
  const mapbox = key('mapboxAccessToken', user, server);
  if (mapbox) {
    const tiles = (style: string) => [`https://api.mapbox.com/styles/v1/mapbox/${style}/tiles/256/{z}/{x}/{y}?access_token=${mapbox}`];
    const attribution = `© Mapbox ${OSM_ATTRIBUTION}`;
    layers.push(
      { id: 'mapboxStreets', tiles: tiles('streets-v12'), attribution },
      { id: 'mapboxSatellite', tiles: tiles('satellite-streets-v12'), attribution },
    );
  }
  return layers;
}

/**
 * The layer to draw: the one picked in the map options, else the user's `map`, else the server's,
 * else the server's template; the offline basemap alone when none of them is available.
 */
export function chosenBaseLayer(
  layers: readonly BaseLayer[],
  picked: string | null,
  server: Pick<Server, 'map'>,
  user: Pick<User, 'map'> | null,
): string {
  const available = new Set([OFFLINE_LAYER, ...layers.map((layer) => layer.id)]);
  const configured = (value: string | null | undefined) => (isTemplate(value) ? 'custom' : value);
  const candidates = [picked, configured(user?.map), configured(server.map)];
  return candidates.find((id): id is string => typeof id === 'string' && available.has(id)) ?? OFFLINE_LAYER;
}


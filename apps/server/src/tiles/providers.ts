import type { MapKeyAttribute, TileProvider } from '@rastro/api';
import type { TilesConfig } from '../config/tiles.ts';

/**
 * Where each proxied provider's tiles come from. The list is fixed: the proxy fetches these
 * addresses and no other, whatever a request says.
 */
export interface ProviderSpec {
  /** The server (and user) attribute holding the provider's key; null = none needed. */
  keyAttribute: MapKeyAttribute | null;
  maxZoom: number;
  /** The upstream URL of one tile. */
  url: (tiles: TilesConfig, z: number, x: number, y: number, key: string | null) => string;
}

const withKey = (url: string, name: string, key: string | null) => `${url}?${name}=${encodeURIComponent(key ?? '')}`;
const mapbox = (style: string) => (tiles: TilesConfig, z: number, x: number, y: number, key: string | null) =>
  withKey(`${tiles.mapboxUrl}/styles/v1/mapbox/${style}/tiles/256/${z}/${x}/${y}`, 'access_token', key);

export const PROVIDERS: Record<TileProvider, ProviderSpec> = {
  osm: { keyAttribute: null, maxZoom: 19, url: (tiles, z, x, y) => `${tiles.osmUrl}/${z}/${x}/${y}.png` },
  mapTilerStreets: {
    keyAttribute: 'mapTilerKey',
    maxZoom: 22,
    url: (tiles, z, x, y, key) => withKey(`${tiles.mapTilerUrl}/maps/streets-v2/256/${z}/${x}/${y}.png`, 'key', key),
  },
  mapTilerSatellite: {
    keyAttribute: 'mapTilerKey',
    maxZoom: 20,
    url: (tiles, z, x, y, key) => withKey(`${tiles.mapTilerUrl}/maps/satellite/256/${z}/${x}/${y}.jpg`, 'key', key),
  },
  mapboxStreets: { keyAttribute: 'mapboxAccessToken', maxZoom: 22, url: mapbox('streets-v12') },
  mapboxSatellite: { keyAttribute: 'mapboxAccessToken', maxZoom: 22, url: mapbox('satellite-streets-v12') },
};

/** The providers' keys among the server's and users' attributes: secrets, masked when read. */
export { MAP_KEY_ATTRIBUTES } from '@rastro/api';

/** A provider's key: the user's own attribute first, else the server's; null when neither is set. */
export function providerKey(spec: ProviderSpec, userAttributes: Record<string, unknown>, serverAttributes: Record<string, unknown>): string | null {
  if (!spec.keyAttribute) return null;
  for (const value of [userAttributes[spec.keyAttribute], serverAttributes[spec.keyAttribute]]) {
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}

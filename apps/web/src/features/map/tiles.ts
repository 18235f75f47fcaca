import type { Server, User } from '@rastro/api';

const TEMPLATE = /^(https?:\/\/|\/).*\{z\}.*\{x\}.*\{y\}/i;

/**
 * Raster tile URLs from the server's `mapUrl`, the user's `map` or the server's `map`, whichever is
 * first a tile template (`https://…/{z}/{x}/{y}.png`). Leaflet-style `{s}` subdomains, which
 * MapLibre does not expand, become one URL per subdomain.
 */
export function rasterTileUrls(server: Pick<Server, 'map' | 'mapUrl'>, user: Pick<User, 'map'> | null): string[] | null {
  const template = [server.mapUrl, user?.map, server.map].find(
    (candidate): candidate is string => typeof candidate === 'string' && TEMPLATE.test(candidate.trim()),
  );
  if (!template) return null;
  const url = template.trim();
  return url.includes('{s}') ? ['a', 'b', 'c'].map((subdomain) => url.replace('{s}', subdomain)) : [url];
}

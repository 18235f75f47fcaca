import fs from 'node:fs';
import path from 'node:path';
import { TILE_PROVIDERS, isTileProvider, type TileSources } from '@rastro/api';
import send from '@fastify/send';
import type { FastifyInstance } from 'fastify';
import { attrs } from '../../domain/json.ts';
import { ClientError } from '../../domain/errors.ts';
import { PROVIDERS, providerKey } from '../../tiles/providers.ts';
import { TileProxy } from '../../tiles/proxy.ts';
import { requireUser } from '../auth.ts';
import type { ApiContext } from '../context.ts';

const WEEK_SECONDS = 7 * 86_400;

/** A path part that must be a whole number in [0, max]: "07", "1e3", "-0" and "1.0" are not. */
function coordinate(raw: string, max: number, name: string): number {
  if (!/^(0|[1-9]\d{0,8})$/.test(raw) || Number(raw) > max) throw new ClientError(`${name} must be an integer between 0 and ${max}`);
  return Number(raw);
}

/**
 * The map's tiles (docs/api.md, Map tiles): the proxied providers, each with its key kept here,
 * and the self-hosted vector basemap. Signed-in users only: this is no open proxy for the world.
 */
export function tileRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const proxy = new TileProxy(ctx.config.tiles);
  const basemap = ctx.config.tiles.basemapFile;
  const hasBasemap = () => fs.statSync(basemap, { throwIfNoEntry: false })?.isFile() ?? false;

  app.get('/tarkan/tiles', async (request): Promise<TileSources> => {
    const user = requireUser(request);
    const serverAttributes = attrs((await ctx.settings.get()).attributes);
    const userAttributes = attrs(user.attributes);
    const providers = TILE_PROVIDERS.filter((id) => !PROVIDERS[id].keyAttribute || providerKey(PROVIDERS[id], userAttributes, serverAttributes));
    return { providers, basemap: hasBasemap() };
  });

  app.get('/tarkan/tiles/:provider/:z/:x/:y', async (request, reply) => {
    const user = requireUser(request);
    const params = request.params as Record<string, string>;
    if (!isTileProvider(params.provider)) throw new ClientError('Unknown tile provider', 404);
    const spec = PROVIDERS[params.provider];
    const z = coordinate(params.z, spec.maxZoom, 'z');
    const x = coordinate(params.x, 2 ** z - 1, 'x');
    const y = coordinate(params.y, 2 ** z - 1, 'y');
    const key = providerKey(spec, attrs(user.attributes), attrs((await ctx.settings.get()).attributes));
    if (spec.keyAttribute && !key) throw new ClientError(`No ${spec.keyAttribute} is set for this provider`, 404);

    const answer = await proxy.tile(params.provider, z, x, y, key);
    if (answer.status !== 200) return reply.code(answer.status).header('cache-control', 'no-store').type('text/plain').send(answer.message);
    const { tile, source } = answer;
    // the browser keeps a tile as long as the provider allows; a stale one only briefly, to ask again soon
    const maxAge = source === 'stale' ? 60 : Math.min(WEEK_SECONDS, Math.max(0, Math.floor((tile.freshUntil - Date.now()) / 1000)));
    return reply
      .header('cache-control', `private, max-age=${maxAge}`)
      .header('x-tile-cache', source)
      .type(tile.contentType)
      .send(tile.body);
  });

  // PMTiles readers ask for byte ranges of the one file (@fastify/send answers Range and If-* headers)
  app.get('/tarkan/basemap.pmtiles', async (request, reply) => {
    requireUser(request);
    if (!hasBasemap()) throw new ClientError('No basemap.pmtiles on this server', 404);
    const result = await send(request.raw, `/${encodeURIComponent(path.basename(basemap))}`, {
      root: path.dirname(basemap),
      dotfiles: 'allow',
      index: false,
      cacheControl: false,
      contentType: false,
    });
    if (result.type !== 'file') throw new ClientError('No basemap.pmtiles on this server', 404);
    return reply
      .code(result.statusCode)
      .headers(result.headers)
      // revalidated on each visit (ETag): a replaced file shows at once
      .header('cache-control', 'private, no-cache')
      .header('content-type', 'application/octet-stream')
      .send(result.stream);
  });
}

import type { TileProvider } from '@rastro/api';
import pLimit, { type LimitFunction } from 'p-limit';
import type { TilesConfig } from '../config/tiles.ts';
import { TileCache, type CachedTile } from './cache.ts';
import { PROVIDERS } from './providers.ts';

/** A tile to answer with, and where it came from (the `x-tile-cache` response header). */
export type TileAnswer =
  | { status: 200; tile: CachedTile; source: 'hit' | 'miss' | 'revalidated' | 'stale' }
  | { status: 404 | 502 | 504; message: string };

/** Kept this long when the provider says nothing about caching. */
const DEFAULT_FRESH_MS = 7 * 86_400_000;
/** After a provider could not be reached, tiles not in the cache are refused at once for this long. */
const UNREACHABLE_PAUSE_MS = 30_000;
/** A tile is a few tens of kilobytes; anything much bigger is not one. */
const MAX_TILE_BYTES = 2 * 1024 * 1024;

/**
 * Fetches provider tiles for the web map, as OpenStreetMap's tile usage policy asks: the app named
 * in the User-Agent, the provider's Cache-Control/Expires honoured, tiles kept on disk and asked
 * again only when stale (conditionally, with their ETag/Last-Modified), a few upstream requests at
 * a time, one request for many users wanting the same tile, and only tiles a user's map asks for
 * (nothing is prefetched). When the provider cannot be reached, a stale tile is better than none.
 */
export class TileProxy {
  private readonly cache: TileCache;
  private readonly limit: LimitFunction;
  private readonly inFlight = new Map<string, Promise<TileAnswer>>();
  /** Per provider, until when it is taken for unreachable: a map's dozens of tiles then fail fast, not one timeout each. */
  private readonly unreachableUntil = new Map<TileProvider, number>();

  constructor(private readonly config: TilesConfig) {
    this.cache = new TileCache(config.cacheDir, config.cacheBytes);
    this.limit = pLimit(config.concurrency);
  }

  /** z/x/y must have been checked against the provider's range; `key` is the provider's key, if it needs one. */
  tile(provider: TileProvider, z: number, x: number, y: number, key: string | null): Promise<TileAnswer> {
    const id = `${provider}/${z}/${x}/${y}`;
    const pending = this.inFlight.get(id);
    if (pending) return pending;
    const answer = this.fetchTile(provider, id, PROVIDERS[provider].url(this.config, z, x, y, key)).finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, answer);
    return answer;
  }

  private async fetchTile(provider: TileProvider, id: string, url: string): Promise<TileAnswer> {
    const cached = await this.cache.get(id);
    if (cached && cached.freshUntil > Date.now()) return { status: 200, tile: cached, source: 'hit' };
    const stale = (failure: TileAnswer): TileAnswer => (cached ? { status: 200, tile: cached, source: 'stale' } : failure);
    if ((this.unreachableUntil.get(provider) ?? 0) > Date.now()) return stale({ status: 502, message: 'Tile provider unreachable' });

    let response: Response;
    let body: Buffer | null;
    try {
      ({ response, body } = await this.limit(async () => {
        const headers: Record<string, string> = { 'user-agent': this.config.userAgent, accept: 'image/*' };
        if (cached?.etag) headers['if-none-match'] = cached.etag;
        if (cached?.lastModified) headers['if-modified-since'] = cached.lastModified;
        const upstream = await fetch(url, { headers, redirect: 'follow', signal: AbortSignal.timeout(this.config.timeoutMs) });
        return { response: upstream, body: await readLimited(upstream) };
      }));
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      this.unreachableUntil.set(provider, Date.now() + UNREACHABLE_PAUSE_MS);
      return stale(timedOut ? { status: 504, message: 'Tile provider did not answer in time' } : { status: 502, message: 'Tile provider unreachable' });
    }

    if (response.status === 304 && cached) {
      const refreshed = { ...cached, freshUntil: freshUntil(response.headers) };
      await this.cache.put(id, refreshed);
      return { status: 200, tile: refreshed, source: 'revalidated' };
    }
    if (response.status === 404) return { status: 404, message: 'No such tile' };
    const contentType = response.headers.get('content-type') ?? '';
    // a captive portal's page or a provider's error page is not a tile
    if (!response.ok || !contentType.startsWith('image/') || !body) return stale({ status: 502, message: `Tile provider answered ${response.status}` });

    const tile: CachedTile = {
      body,
      contentType,
      freshUntil: freshUntil(response.headers),
      etag: response.headers.get('etag'),
      lastModified: response.headers.get('last-modified'),
    };
    if (!/\bno-store\b/i.test(response.headers.get('cache-control') ?? '')) await this.cache.put(id, tile);
    return { status: 200, tile, source: 'miss' };
  }
}

/** The body, or null when it is too big to be a tile (not read past the declared length's check). */
async function readLimited(response: Response): Promise<Buffer | null> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_TILE_BYTES) {
    await response.body?.cancel();
    return null;
  }
  const body = Buffer.from(await response.arrayBuffer());
  return body.length > MAX_TILE_BYTES ? null : body;
}

/** Until when a response may be used without asking again: max-age, else Expires, else a week. */
export function freshUntil(headers: Headers, now = Date.now()): number {
  const cacheControl = headers.get('cache-control') ?? '';
  if (/\b(no-cache|no-store)\b/i.test(cacheControl)) return now;
  const maxAge = /\bmax-age=(\d+)/i.exec(cacheControl);
  if (maxAge) return now + Number(maxAge[1]) * 1000;
  const expires = Date.parse(headers.get('expires') ?? '');
  if (!Number.isNaN(expires)) return expires;
  return now + DEFAULT_FRESH_MS;
}

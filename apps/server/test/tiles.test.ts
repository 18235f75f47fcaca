import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { FetchSource, PMTiles, zxyToTileId } from 'pmtiles';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, withServer } from './harness.ts';
import { pmtilesArchive, tileId } from './pmtiles-fixture.ts';

/**
 * The map tile proxy and the self-hosted basemap through the whole server, with a stand-in tile
 * provider on 127.0.0.1 (RASTRO_TILES_*_URL point at it).
 */

interface Seen {
  path: string;
  query: URLSearchParams;
  userAgent: string | undefined;
  ifNoneMatch: string | undefined;
}

/** What the stand-in answers for a path; a tile's body names its path, so a test can tell tiles apart. */
type Answer = { status?: number; type?: string; headers?: Record<string, string>; body?: string };

async function startProvider(answer: (path: string) => Answer) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    seen.push({ path: url.pathname, query: url.searchParams, userAgent: req.headers['user-agent'], ifNoneMatch: req.headers['if-none-match'] });
    const reply = answer(url.pathname);
    if (reply.status === 304) {
      res.writeHead(304, reply.headers);
      res.end();
      return;
    }
    res.writeHead(reply.status ?? 200, { 'content-type': reply.type ?? 'image/png', ...reply.headers });
    res.end(reply.body ?? `tile ${url.pathname}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    seen,
    hits: (pathname: string) => seen.filter((request) => request.path === pathname).length,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

/** Answers by path: max-age for /1/…, no-cache with an ETag (revalidated each time) for /2/…, an HTML page for /3/…. */
function providerAnswer(pathname: string): Answer {
  if (pathname.startsWith('/2/')) return { headers: { 'cache-control': 'no-cache', etag: '"v1"' } };
  if (pathname.startsWith('/3/')) return { type: 'text/html', body: '<html>captive portal</html>' };
  if (pathname.startsWith('/4/')) return { status: 404, body: 'not here' };
  return { headers: { 'cache-control': 'max-age=86400' } };
}

const provider = await startProvider(providerAnswer);
/** The tile with no-cache and an ETag, then 304 with an hour of freshness to every conditional request. */
let asked = 0;
const revalidating = await startProvider(() =>
  asked++ === 0 ? { headers: { 'cache-control': 'no-cache', etag: '"v1"' } } : { status: 304, headers: { 'cache-control': 'max-age=3600', etag: '"v1"' } },
);

const tile = (client: Client, url: string) => client.request('GET', url);

/** A provider that takes requests and never answers them. */
const silent = await (async () => {
  const held: http.ServerResponse[] = [];
  const server = http.createServer((_req, res) => held.push(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => held.length,
    close: () => {
      for (const res of held) res.destroy();
      server.close();
    },
  };
})();

describe('tile proxy', () => {
  const { server, admin } = withServer({
    dialect: 'sqlite',
    env: { RASTRO_TILES_OSM_URL: provider.url, RASTRO_TILES_MAPTILER_URL: `${provider.url}/maptiler`, RASTRO_TILES_MAPBOX_URL: `${provider.url}/mapbox`, RASTRO_TILES_CONTACT: 'ops@example.com' },
  });
  afterAll(() => provider.close());

  it('fetches a tile once, identifying the app, then answers it from the disk cache', async () => {
    const first = await tile(admin, '/tarkan/tiles/osm/1/0/1');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('x-tile-cache')).toBe('miss');
    expect(await first.text()).toBe('tile /1/0/1.png');
    const again = await tile(admin, '/tarkan/tiles/osm/1/0/1');
    expect(again.headers.get('x-tile-cache')).toBe('hit');
    expect(await again.text()).toBe('tile /1/0/1.png');
    expect(again.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(provider.hits('/1/0/1.png')).toBe(1);
    const request = provider.seen.find((seen) => seen.path === '/1/0/1.png');
    expect(request?.userAgent).toMatch(/^Rastro\/\S+ \(fleet tracking server; ops@example\.com\)$/);
    expect(fs.existsSync(path.join(server.dataDir, 'tiles', 'osm', '1', '0', '1.tile'))).toBe(true);
  });

  it('asks the provider once for many users wanting the same tile at the same time', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => tile(admin, '/tarkan/tiles/osm/1/1/1')));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(provider.hits('/1/1/1.png')).toBe(1);
  });

  it('revalidates a stale tile with its ETag', async () => {
    expect((await tile(admin, '/tarkan/tiles/osm/2/1/1')).headers.get('x-tile-cache')).toBe('miss');
    const again = await tile(admin, '/tarkan/tiles/osm/2/1/1');
    // no-cache: asked again each time, conditionally; the provider's 200 replaced it
    expect(provider.hits('/2/1/1.png')).toBe(2);
    expect(provider.seen.filter((seen) => seen.path === '/2/1/1.png').map((seen) => seen.ifNoneMatch)).toEqual([undefined, '"v1"']);
    expect(again.status).toBe(200);
  });

  it('refuses what is not a tile: a page in place of an image, a missing tile', async () => {
    const page = await tile(admin, '/tarkan/tiles/osm/3/0/0');
    expect(page.status).toBe(502);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect((await tile(admin, '/tarkan/tiles/osm/4/0/0')).status).toBe(404);
  });

  it('answers 400 for z/x/y out of range or not integers, 404 for an unknown provider, without asking upstream', async () => {
    const before = provider.seen.length;
    for (const bad of ['20/0/0', '2/4/0', '2/0/4', '1/0/-1', 'a/0/0', '01/0/0', '1/0/1.5', '1/0/1e0', '99999999999/0/0']) {
      const answer = await tile(admin, `/tarkan/tiles/osm/${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(await answer.text()).toMatch(/^[zxy] must be an integer between 0 and \d+$/);
    }
    for (const unknown of ['google', 'bing', '..', 'constructor', '__proto__']) {
      expect((await tile(admin, `/tarkan/tiles/${unknown}/1/0/0`)).status, unknown).toBe(404);
    }
    expect(provider.seen.length).toBe(before);
  });

  it('answers 401 to anyone not signed in', async () => {
    const stranger = new Client(server.base);
    expect((await tile(stranger, '/tarkan/tiles/osm/1/0/1')).status).toBe(401);
    expect((await tile(stranger, '/tarkan/tiles')).status).toBe(401);
    expect((await tile(stranger, '/tarkan/basemap.pmtiles')).status).toBe(401);
  });

  it('offers a keyed provider only with its key, adds the key upstream and never shows it', async () => {
    expect(await admin.json('GET', '/tarkan/tiles')).toEqual({ providers: ['osm'], basemap: false });
    expect((await tile(admin, '/tarkan/tiles/mapTilerStreets/1/0/0')).status).toBe(404);

    await admin.setServerAttributes({ mapTilerKey: 'secret-key' });
    expect((await admin.json('GET', '/tarkan/tiles')).providers).toEqual(['osm', 'mapTilerStreets', 'mapTilerSatellite']);
    const shown = await admin.json('GET', '/api/server');
    expect(shown.attributes.mapTilerKey).not.toContain('secret');
    expect(shown.attributes.mapTilerKey).toBeTruthy();
    // saving back what was shown keeps the key
    await admin.json('PUT', '/api/server', shown);

    const answer = await tile(admin, '/tarkan/tiles/mapTilerSatellite/1/1/0');
    expect(answer.status).toBe(200);
    const request = provider.seen.find((seen) => seen.path === '/maptiler/maps/satellite/256/1/1/0.jpg');
    expect(request?.query.get('key')).toBe('secret-key');
  });

  it("offers Mapbox's two layers with the server's access token, which goes upstream and is never shown", async () => {
    expect((await admin.json('GET', '/tarkan/tiles')).providers).not.toContain('mapboxStreets');
    const saved = await admin.setServerAttributes({ mapboxAccessToken: 'pk.server-token' });
    try {
      expect((await admin.json('GET', '/tarkan/tiles')).providers).toEqual(expect.arrayContaining(['mapboxStreets', 'mapboxSatellite']));
      expect((await admin.json('GET', '/api/server')).attributes.mapboxAccessToken).not.toContain('pk.server-token');
      expect((await tile(admin, '/tarkan/tiles/mapboxSatellite/1/0/1')).status).toBe(200);
      const request = provider.seen.find((seen) => seen.path === '/mapbox/styles/v1/mapbox/satellite-streets-v12/tiles/256/1/0/1');
      expect(request?.query.get('access_token')).toBe('pk.server-token');
    } finally {
      await admin.json('PUT', '/api/server', { ...saved, attributes: { ...saved.attributes, mapboxAccessToken: undefined } });
    }
    expect((await admin.json('GET', '/tarkan/tiles')).providers).not.toContain('mapboxStreets');
  });

  it('serves the cached tile when the provider is down, and 502 for a tile it never had', async () => {
    expect((await tile(admin, '/tarkan/tiles/osm/2/2/2')).headers.get('x-tile-cache')).toBe('miss');
    await provider.close();
    const stale = await tile(admin, '/tarkan/tiles/osm/2/2/2');
    expect(stale.status).toBe(200);
    expect(stale.headers.get('x-tile-cache')).toBe('stale');
    expect(await stale.text()).toBe('tile /2/2/2.png');
    const never = await tile(admin, '/tarkan/tiles/osm/2/3/3');
    expect(never.status).toBe(502);
    // a fresh tile needs no provider at all
    expect((await tile(admin, '/tarkan/tiles/osm/1/0/1')).headers.get('x-tile-cache')).toBe('hit');
  });
});

describe('tile proxy revalidation', () => {
  afterAll(() => revalidating.close());
  const { admin } = withServer({ dialect: 'sqlite', env: { RASTRO_TILES_OSM_URL: revalidating.url } });

  it('keeps its copy when the provider answers 304, for as long as the 304 says', async () => {
    const first = await admin.request('GET', '/tarkan/tiles/osm/0/0/0');
    expect(first.headers.get('x-tile-cache')).toBe('miss');
    const second = await admin.request('GET', '/tarkan/tiles/osm/0/0/0');
    expect(second.headers.get('x-tile-cache')).toBe('revalidated');
    expect(await second.text()).toBe('tile /0/0/0.png');
    expect(revalidating.seen.map((seen) => seen.ifNoneMatch)).toEqual([undefined, '"v1"']);
    // the 304 gave it an hour
    expect((await admin.request('GET', '/tarkan/tiles/osm/0/0/0')).headers.get('x-tile-cache')).toBe('hit');
    expect(revalidating.seen.length).toBe(2);
  });
});

describe('tile proxy and a provider that does not answer', () => {
  afterAll(() => silent.close());
  const { admin } = withServer({ dialect: 'sqlite', env: { RASTRO_TILES_OSM_URL: silent.url, RASTRO_TILES_TIMEOUT: '1' } });

  it('answers 504 after its timeout, then refuses other tiles at once for a while instead of waiting on each', async () => {
    expect((await tile(admin, '/tarkan/tiles/osm/3/1/1')).status).toBe(504);
    expect(silent.requests()).toBe(1);
    const next = await tile(admin, '/tarkan/tiles/osm/3/1/2');
    expect(next.status).toBe(502);
    expect(await next.text()).toBe('Tile provider unreachable');
    expect(silent.requests()).toBe(1);
  });
});

describe('self-hosted basemap', () => {
  const { server, admin } = withServer({ dialect: 'sqlite', env: { RASTRO_TILES_OSM_URL: 'http://127.0.0.1:9' } });
  const tiles = [
    { z: 0, x: 0, y: 0, data: Buffer.from('world') },
    { z: 1, x: 0, y: 0, data: Buffer.from('north-west') },
    { z: 1, x: 1, y: 1, data: Buffer.from('south-east') },
    { z: 2, x: 1, y: 2, data: Buffer.from('somewhere') },
  ];

  it('writes tile ids as the PMTiles library reads them', () => {
    for (const [z, x, y] of [[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1], [2, 1, 2], [3, 5, 6], [7, 100, 27]]) {
      expect(tileId(z, x, y), `${z}/${x}/${y}`).toBe(zxyToTileId(z, x, y));
    }
  });

  it('is offered and served with byte ranges once the file is in the data directory', async () => {
    expect((await admin.json('GET', '/tarkan/tiles')).basemap).toBe(false);
    expect((await admin.request('GET', '/tarkan/basemap.pmtiles')).status).toBe(404);

    const archive = pmtilesArchive(tiles, { name: 'test', vector_layers: [] });
    fs.writeFileSync(path.join(server.dataDir, 'basemap.pmtiles'), archive);
    expect(await admin.json('GET', '/tarkan/tiles')).toEqual({ providers: ['osm'], basemap: true });

    const range = await admin.request('GET', '/tarkan/basemap.pmtiles', undefined, { range: 'bytes=0-126' });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 0-126/${archive.length}`);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(archive.subarray(0, 127));
    const whole = await admin.request('GET', '/tarkan/basemap.pmtiles');
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(archive);

    // the library the web map uses reads it through the server
    const reader = new PMTiles(new FetchSource(`${server.base}/tarkan/basemap.pmtiles`, new Headers({ cookie: admin.cookie })));
    expect((await reader.getHeader()).maxZoom).toBe(2);
    expect(await reader.getMetadata()).toEqual({ name: 'test', vector_layers: [] });
    for (const { z, x, y, data } of tiles) {
      const found = await reader.getZxy(z, x, y);
      expect(Buffer.from(found?.data ?? new ArrayBuffer(0)).toString(), `${z}/${x}/${y}`).toBe(data.toString());
    }
    expect(await reader.getZxy(1, 0, 1)).toBeUndefined();
  });
});

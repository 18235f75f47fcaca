import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, withServer } from './harness.ts';

/**
 * A user's own map provider keys (attributes `mapTilerKey`, `mapboxAccessToken`): the tile proxy
 * uses them before the server's, against a stand-in provider on 127.0.0.1, and they are secrets
 * like the server's: never answered in clear, the mask saved back keeps them.
 */

const MASK = '••••••';

const seen: URL[] = [];
const provider = http.createServer((req, res) => {
  seen.push(new URL(req.url ?? '/', 'http://127.0.0.1'));
  res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
  res.end('tile');
});
await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
const providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;

/** The key the stand-in was last asked with for a path ending in `suffix`. */
const keyAsked = (suffix: string, name: string) => seen.filter((url) => url.pathname.endsWith(suffix)).at(-1)?.searchParams.get(name);

describe("a user's own map keys", () => {
  const { server, admin } = withServer({
    dialect: 'sqlite',
    env: { RASTRO_TILES_MAPTILER_URL: `${providerUrl}/maptiler`, RASTRO_TILES_MAPBOX_URL: `${providerUrl}/mapbox` },
  });
  afterAll(() => new Promise<void>((resolve) => {
    provider.close(() => resolve());
    provider.closeAllConnections();
  }));

  const newUser = async (email: string) => {
    const user = await admin.json('POST', '/api/users', { name: email, email, password: 'secret1', attributes: {} });
    return { user, client: await Client.login(server.base, email, 'secret1') };
  };

  it('proxies with the user key before the server key, and never answers it in clear', async () => {
    await admin.setServerAttributes({ mapTilerKey: 'server-maptiler' });
    const { user, client } = await newUser('keys@example.com');
    const other = await newUser('nokeys@example.com');

    // without his own key the user gets the server's, and no Mapbox
    expect((await client.json('GET', '/tarkan/tiles')).providers).toEqual(['osm', 'mapTilerStreets', 'mapTilerSatellite']);
    expect((await client.request('GET', '/tarkan/tiles/mapTilerStreets/1/0/0')).status).toBe(200);
    expect(keyAsked('/streets-v2/256/1/0/0.png', 'key')).toBe('server-maptiler');

    // he sets his own, as My account does: PUT of his user
    const session = await client.json('GET', '/api/session');
    const mine = await client.json('PUT', `/api/users/${user.id}`, {
      ...session,
      attributes: { ...session.attributes, mapTilerKey: 'user-maptiler', mapboxAccessToken: 'pk.user-mapbox' },
    });
    expect(mine.attributes).toMatchObject({ mapTilerKey: MASK, mapboxAccessToken: MASK });

    expect((await client.json('GET', '/tarkan/tiles')).providers).toEqual(['osm', 'mapTilerStreets', 'mapTilerSatellite', 'mapboxStreets', 'mapboxSatellite']);
    expect((await client.request('GET', '/tarkan/tiles/mapTilerStreets/1/1/0')).status).toBe(200);
    expect(keyAsked('/streets-v2/256/1/1/0.png', 'key')).toBe('user-maptiler');
    expect((await client.request('GET', '/tarkan/tiles/mapboxStreets/1/1/1')).status).toBe(200);
    expect(keyAsked('/streets-v12/tiles/256/1/1/1', 'access_token')).toBe('pk.user-mapbox');
    // another user still gets the server's
    expect((await other.client.request('GET', '/tarkan/tiles/mapTilerStreets/1/0/1')).status).toBe(200);
    expect(keyAsked('/streets-v2/256/1/0/1.png', 'key')).toBe('server-maptiler');
    expect((await other.client.json('GET', '/tarkan/tiles')).providers).not.toContain('mapboxStreets');

    // masked wherever a user is answered
    const answers = [
      JSON.stringify(await admin.json('GET', '/api/users')),
      JSON.stringify(await admin.json('GET', `/api/users/${user.id}`)),
      JSON.stringify(await client.json('GET', '/api/session')),
      JSON.stringify(await client.json('GET', '/api/users')),
    ];
    for (const text of answers) {
      expect(text).not.toContain('user-maptiler');
      expect(text).not.toContain('pk.user-mapbox');
    }
    expect((await client.json('GET', '/api/session')).attributes).toMatchObject({ mapTilerKey: MASK, mapboxAccessToken: MASK });

    // the mask saved back keeps the keys (the form saves what it read); an emptied key is removed
    const shown = await admin.json('GET', `/api/users/${user.id}`);
    await admin.json('PUT', `/api/users/${user.id}`, { ...shown, attributes: { ...shown.attributes, mapboxAccessToken: undefined } });
    expect((await client.request('GET', '/tarkan/tiles/mapTilerStreets/1/1/1')).status).toBe(200);
    expect(keyAsked('/streets-v2/256/1/1/1.png', 'key')).toBe('user-maptiler');
    expect((await client.json('GET', '/tarkan/tiles')).providers).not.toContain('mapboxStreets');
    expect((await client.json('GET', '/api/session')).attributes.mapboxAccessToken).toBeUndefined();
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, reportOsmAnd, withServer } from './harness.ts';
import { PNG } from './uploads.ts';

const PASSWORD = 'tools-secret-1';
const answer = async (response: Response) => [response.status, await response.text()];

describe("the rest of Traccar's server resource", () => {
  const { server, admin } = withServer({ dialect: 'sqlite' });
  let manager: Client;
  let regular: Client;

  async function login(email: string, flags: Record<string, unknown> = {}): Promise<Client> {
    await admin.json('POST', '/api/users', { name: email, email, password: PASSWORD, ...flags });
    return Client.login(server.base, email, PASSWORD);
  }

  const upload = (client: Client, file: string, data: Buffer | string, type = 'application/octet-stream') =>
    client.request('POST', `/api/server/file/${file}`, data, { 'content-type': type });
  const overrideDir = () => path.join(server.dataDir, 'override');

  it('lists the time zones to every signed-in user', async () => {
    manager = await login('tools-manager@example.com', { userLimit: 5 });
    regular = await login('tools-regular@example.com');
    const zones: string[] = await regular.json('GET', '/api/server/timezones');
    expect(zones).toEqual([...zones].sort());
    expect(new Set(zones).size).toBe(zones.length);
    expect(zones).toEqual(expect.arrayContaining(['America/Sao_Paulo', 'America/Manaus', 'Europe/Lisbon', 'UTC', 'Etc/GMT+3']));
    // every id offered is one the server computes with
    for (const zone of zones) expect(() => new Intl.DateTimeFormat('en', { timeZone: zone })).not.toThrow();
    expect((await new Client(server.base).request('GET', '/api/server/timezones')).status).toBe(401);
  });

  it('runs the garbage collector for administrators only, and says whether the runtime allowed it', async () => {
    const response = await admin.request('GET', '/api/server/gc');
    expect(response.status).toBe(200);
    const text = await response.text();
    // vitest's workers run without --expose-gc unless told otherwise: either answer is honest
    expect(text).toMatch(typeof (globalThis as { gc?: unknown }).gc === 'function' ? /^Garbage collection done/ : /^Garbage collection is not available: Node was started without --expose-gc/);
    expect(await answer(await manager.request('GET', '/api/server/gc'))).toEqual([400, 'Administrator access required']);
    expect(await answer(await regular.request('GET', '/api/server/gc'))).toEqual([400, 'Administrator access required']);
    expect((await new Client(server.base).request('GET', '/api/server/gc')).status).toBe(401);
  });

  it("tells administrators what this node's caches hold", async () => {
    const device = await admin.json('POST', '/api/devices', { name: 'Cached', uniqueId: 'tools-cache-1' });
    const group = await admin.json('POST', '/api/groups', { name: 'Cache group' });
    const geofence = await admin.json('POST', '/api/geofences', { name: 'Yard', area: 'CIRCLE (-23.55 -46.63, 300)' });
    await admin.json('PUT', `/api/devices/${device.id}`, { ...device, groupId: group.id });
    await admin.json('POST', '/api/permissions', { deviceId: device.id, geofenceId: geofence.id });
    expect((await reportOsmAnd(server.osmand, { id: 'tools-cache-1', lat: -23.55, lon: -46.63 })).status).toBe(200);
    await admin.json('GET', '/api/positions');

    const response = await admin.request('GET', '/api/server/cache');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain('ServerSettings: held');
    expect(text).toMatch(/DeviceRegistry: \d+ devices?, 1 latest position/);
    expect(text).toContain('LatestPositions: 1 position');
    expect(text).toContain('GroupTree: 1 group');
    expect(text).toContain(`  Device(${device.id})\n    Group(${group.id})\n    Geofence(${geofence.id})`);
    expect(await answer(await manager.request('GET', '/api/server/cache'))).toEqual([400, 'Administrator access required']);
    expect(await answer(await regular.request('GET', '/api/server/cache'))).toEqual([400, 'Administrator access required']);
  });

  it('keeps uploaded files in the override folder of the data directory and serves them in place of the web app\'s', async () => {
    expect(await answer(await upload(admin, 'logo.png', PNG, 'image/png'))).toEqual([200, '']);
    expect(fs.readFileSync(path.join(overrideDir(), 'logo.png'))).toEqual(PNG);
    const served = await fetch(`${server.base}/logo.png`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('no-cache');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);

    // any content type, a folder of its own (the path's slash sent encoded), a file replaced whole
    expect((await upload(admin, 'branding%2Fstyle.css', 'body { color: red }', 'text/css')).status).toBe(200);
    expect(await (await fetch(`${server.base}/branding/style.css`)).text()).toBe('body { color: red }');
    expect((await upload(admin, 'branding%2Fstyle.css', 'body { color: blue }', 'text/plain')).status).toBe(200);
    const css = await fetch(`${server.base}/branding/style.css`);
    expect([css.headers.get('content-type'), await css.text()]).toEqual(['text/css; charset=utf-8', 'body { color: blue }']);
    expect((await fetch(`${server.base}/branding/style.css`, { method: 'HEAD' })).status).toBe(200);
    // nothing else is served from there: files not uploaded, the API
    expect((await fetch(`${server.base}/other.png`)).status).toBe(404);
    expect(fs.readdirSync(overrideDir()).sort()).toEqual(['branding', 'logo.png']);
  });

  it('refuses paths that leave the folder or hide files, bodies too big or empty, and everyone but administrators', async () => {
    const invalid = [400, 'Invalid file path: letters, digits, ".", "-" and "_" only, in at most 5 folders, no name starting with "." and nothing under api/ or tarkan/'];
    for (const file of ['..%2F..%2Frastro.db', '..%2Fescape.txt', 'a%2F..%2F..%2Fb.txt', '%2Fetc%2Fpasswd', '.htaccess', 'a%2F.hidden%2Fb.txt',
      'a%5C..%5Cb.txt', 'sp%20ace.txt', 'api%2Fsession', 'tarkan%2Ftheme', 'a%2Fb%2Fc%2Fd%2Fe%2Ff.txt', '%00.txt', 'a%2F%2Fb.txt']) {
      expect(await answer(await upload(admin, file, 'x')), file).toEqual(invalid);
    }
    // a request path with .. never reaches the route as a traversal either
    expect((await admin.request('POST', '/api/server/file/../../rastro.db', 'x', { 'content-type': 'text/plain' })).status).not.toBe(200);
    expect(fs.existsSync(path.join(server.dataDir, '..', 'escape.txt'))).toBe(false);
    expect(fs.statSync(path.join(server.dataDir, 'rastro.db')).size).toBeGreaterThan(1);

    expect(await answer(await upload(admin, 'empty.txt', Buffer.alloc(0)))).toEqual([400, "File is empty: send the file's bytes as the request body"]);
    expect(await answer(await upload(admin, 'big.bin', Buffer.alloc(5 * 1024 * 1024 + 1)))).toEqual([400, 'File size limit exceeded (5242880 bytes at most)']);
    expect((await upload(admin, 'just-fits.bin', Buffer.alloc(5 * 1024 * 1024))).status).toBe(200);

    expect(await answer(await upload(manager, 'm.txt', 'x'))).toEqual([400, 'Administrator access required']);
    expect(await answer(await upload(regular, 'r.txt', 'x'))).toEqual([400, 'Administrator access required']);
    expect((await upload(new Client(server.base), 'a.txt', 'x')).status).toBe(401);
    expect(fs.existsSync(path.join(overrideDir(), 'm.txt')) || fs.existsSync(path.join(overrideDir(), 'r.txt'))).toBe(false);
    // the other routes still take only JSON or forms
    expect((await admin.request('POST', '/api/devices', 'name=x', { 'content-type': 'application/octet-stream' })).status).toBe(415);
  });
});

describe('uploaded web files beside a built web app', () => {
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'rastro-web-override-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Rastro</title>');
  fs.writeFileSync(path.join(webRoot, 'logo.svg'), '<svg>built</svg>');
  const { server, admin } = withServer({ dialect: 'sqlite', env: { RASTRO_WEB_ROOT: webRoot } });
  afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

  it("are served in place of the web app's own files, and only those", async () => {
    expect(await (await fetch(`${server.base}/logo.svg`)).text()).toBe('<svg>built</svg>');
    expect((await admin.request('POST', '/api/server/file/logo.svg', '<svg>brand</svg>', { 'content-type': 'image/svg+xml' })).status).toBe(200);
    const logo = await fetch(`${server.base}/logo.svg`);
    expect([logo.headers.get('content-type'), await logo.text()]).toEqual(['image/svg+xml', '<svg>brand</svg>']);
    // the page and client-side routes are the web app's as before
    expect(await (await fetch(`${server.base}/`)).text()).toContain('<title>Rastro</title>');
    expect(await (await fetch(`${server.base}/devices`)).text()).toContain('<title>Rastro</title>');
    // the built file itself is untouched
    expect(fs.readFileSync(path.join(webRoot, 'logo.svg'), 'utf8')).toBe('<svg>built</svg>');
  });
});

import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, Client, startTestServer, type TestServer } from './harness.ts';

/** A GET as it comes over the wire (fetch would decode it): status, headers and the raw body. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** The built web app as the server serves it: hashed assets kept for good, the page checked every time. */
describe('web app files', () => {
  let server: TestServer;
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'rastro-web-'));
  const map = Buffer.from(Array.from({ length: 400 }, (_, i) => `export const layer${i} = { id: 'layer-${i}', type: 'line' };`).join('\n'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Rastro</title>');
    fs.writeFileSync(path.join(webRoot, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(webRoot, 'assets', 'Shell-AbC123.js'), 'export const shell = 1;');
    // a larger file with the build's compressed copies beside it (apps/web/build/precompress.ts)
    fs.writeFileSync(path.join(webRoot, 'assets', 'Map-Big123.js'), map);
    fs.writeFileSync(path.join(webRoot, 'assets', 'Map-Big123.js.br'), zlib.brotliCompressSync(map));
    fs.writeFileSync(path.join(webRoot, 'assets', 'Map-Big123.js.gz'), zlib.gzipSync(map));
    server = await startTestServer({ dialect: 'sqlite', env: { RASTRO_WEB_ROOT: webRoot } });
  });

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('keeps the content-named assets for good', async () => {
    const response = await fetch(`${server.base}/assets/Shell-AbC123.js`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('export const shell = 1;');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('has the page and the service worker checked on every visit', async () => {
    for (const url of ['/', '/index.html', '/sw.js', '/home', '/devices/12']) {
      const response = await fetch(`${server.base}${url}`);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('cache-control'), url).toBe('no-cache');
    }
  });

  it('answers an asset of another build 404, not with the page', async () => {
    const response = await fetch(`${server.base}/assets/Shell-0ld0ne.js`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('<!doctype html>');
  });

  it('sends the build\'s compressed copies to a browser that accepts them, the file itself otherwise', async () => {
    const url = `${server.base}/assets/Map-Big123.js`;
    for (const [accept, encoding, decode] of [
      ['br, gzip, deflate', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
      ['identity', undefined, (body: Buffer) => body],
    ] as const) {
      const response = await rawGet(url, { 'accept-encoding': accept });
      expect(response.status, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers.vary, accept).toContain('accept-encoding');
      expect(response.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(decode(response.body).equals(map), accept).toBe(true);
      if (encoding) expect(response.body.length, accept).toBeLessThan(map.length / 4);
    }
  });

  it('compresses API answers for clients that accept it, and leaves the others plain', async () => {
    const admin = await Client.login(server.base, ADMIN.email, ADMIN.password);
    for (let i = 0; i < 40; i++) await admin.json('POST', '/api/devices', { name: `Compressed ${i}`, uniqueId: `compressed-${i}`, attributes: { plate: `CMP${i}` } });
    const url = `${server.base}/api/devices`;
    const plain = await rawGet(url, { cookie: admin.cookie });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const devices = JSON.parse(plain.body.toString()) as { name: string }[];
    expect(devices).toHaveLength(40);
    for (const [accept, encoding, decode] of [['br', 'br', zlib.brotliDecompressSync], ['gzip', 'gzip', zlib.gunzipSync]] as const) {
      const response = await rawGet(url, { cookie: admin.cookie, 'accept-encoding': accept });
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.body.length, accept).toBeLessThan(plain.body.length / 3);
      expect(JSON.parse(decode(response.body).toString()), accept).toEqual(devices);
    }
    // a small answer is not worth it
    const small = await rawGet(`${server.base}/api/server`, { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

/** Traccar's own web app served as the web root: its page and manifest get the server's name and colour. */
describe('traccar-web placeholders', () => {
  let server: TestServer;
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'rastro-traccar-web-'));
  // as traccar-web's build has them, with a page over the compression threshold
  const page = `<!doctype html><html><head><meta name="theme-color" content="\${colorPrimary}" /><meta name="description" content="\${description}" /><title>\${title}</title></head><body>${'<!-- padding -->'.repeat(100)}<div id="root"></div></body></html>`;
  const manifest = '{"short_name":"${title}","name":"${description}","theme_color":"${colorPrimary}"}';

  beforeAll(async () => {
    fs.writeFileSync(path.join(webRoot, 'index.html'), page);
    fs.writeFileSync(path.join(webRoot, 'manifest.webmanifest'), manifest);
    server = await startTestServer({ dialect: 'sqlite', env: { RASTRO_WEB_ROOT: webRoot } });
  });

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('fills them with defaults, on the page, its client-side routes and the manifest, compressed or not', async () => {
    for (const url of ['/', '/settings/devices', '/index.html']) {
      for (const accept of ['br', 'identity']) {
        const response = await rawGet(`${server.base}${url}`, { 'accept-encoding': accept });
        const body = (response.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(response.body) : response.body).toString();
        expect(response.status, url).toBe(200);
        expect(body, `${url} ${accept}`).toContain('<title>Rastro</title>');
        expect(body).toContain('content="#1a237e"');
        expect(body).not.toContain('${');
      }
    }
    const filled = JSON.parse(await (await fetch(`${server.base}/manifest.webmanifest`)).text()) as Record<string, string>;
    expect(filled).toEqual({ short_name: 'Rastro', name: 'Rastro GPS Tracking System', theme_color: '#1a237e' });
  });

  it('fills them from the server settings, escaped for HTML and for JSON', async () => {
    const admin = await Client.login(server.base, ADMIN.email, ADMIN.password);
    await admin.setServerAttributes({ title: 'Frota "Sul" <b>', description: 'Rastreio & cia', colorPrimary: '#00695c' });
    const body = await (await fetch(`${server.base}/`)).text();
    expect(body).toContain('<title>Frota &quot;Sul&quot; &lt;b&gt;</title>');
    expect(body).toContain('content="Rastreio &amp; cia"');
    expect(body).toContain('content="#00695c"');
    const filled = JSON.parse(await (await fetch(`${server.base}/manifest.webmanifest`)).text()) as Record<string, string>;
    expect(filled).toEqual({ short_name: 'Frota "Sul" <b>', name: 'Rastreio & cia', theme_color: '#00695c' });
    // the API is left alone
    expect((await admin.json('GET', '/api/server')).attributes.title).toBe('Frota "Sul" <b>');
  });
});

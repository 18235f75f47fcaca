import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/** The built web app as the server serves it: hashed assets kept for good, the page checked every time. */
describe('web app files', () => {
  let server: TestServer;
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'rastro-web-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Rastro</title>');
    fs.writeFileSync(path.join(webRoot, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(webRoot, 'assets', 'Shell-AbC123.js'), 'export const shell = 1;');
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
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the real server (the built bundle, a fresh SQLite file, the demo
 * fleet reporting over the real OsmAnd port), driven in Debian's Chromium.
 */
export const E2E_PORT = Number(process.env.RASTRO_E2E_PORT ?? 18082);
export const E2E_OSMAND_PORT = Number(process.env.RASTRO_E2E_OSMAND_PORT ?? 15055);
export const E2E_ADMIN = { email: 'admin', password: 'e2e-admin-pass' };
const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = path.join(os.tmpdir(), `rastro-e2e-${process.pid}`);
/**
 * The server serves a copy of the build (apps/web/dist, or RASTRO_WEB_ROOT's), so a test may
 * deploy "another build" into it (the new-version banner) and leave the build itself alone.
 * Made once by the runner; its workers inherit the path.
 */
process.env.RASTRO_E2E_WEB_ROOT ??= path.join(os.tmpdir(), `rastro-e2e-web-${process.pid}`);
export const E2E_WEB_ROOT: string = process.env.RASTRO_E2E_WEB_ROOT;
if (!fs.existsSync(E2E_WEB_ROOT)) fs.cpSync(process.env.RASTRO_WEB_ROOT ?? path.join(root, 'apps/web/dist'), E2E_WEB_ROOT, { recursive: true });
/**
 * Where the server looks for the self-hosted basemap. No file is there: a spec writes one for its
 * tests and removes it (self-hosted-basemap.spec.ts); the server reads the path at each request.
 */
process.env.RASTRO_E2E_BASEMAP_FILE ??= path.join(os.tmpdir(), `rastro-e2e-basemap-${process.pid}`, 'basemap.pmtiles');
export const E2E_BASEMAP_FILE: string = process.env.RASTRO_E2E_BASEMAP_FILE;

export default defineConfig({
  testDir: '.',
  globalTeardown: './global-teardown.ts',
  outputDir: process.env.RASTRO_E2E_OUTPUT ?? path.join(root, 'test-results/e2e'),
  timeout: 90_000,
  expect: { timeout: 20_000 },
  workers: 1,
  // One retry in CI: a 2-core machine running the server, the demo fleet and Chromium together
  // occasionally misses a timing; a test that fails twice fails the run, and flaky ones are reported.
  retries: process.env.CI === 'true' ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'pt-BR',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    // RASTRO_E2E_SERVER_JS and RASTRO_WEB_ROOT let a second build be tested beside the main one.
    command: `node ${process.env.RASTRO_E2E_SERVER_JS ?? path.join(root, 'apps/server/dist/main.js')}`,
    cwd: root,
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      RASTRO_PORT: String(E2E_PORT),
      RASTRO_OSMAND_PORT: String(E2E_OSMAND_PORT),
      RASTRO_PROTOCOL_PORTS: '0',
      RASTRO_DATA_DIR: dataDir,
      RASTRO_WEB_ROOT: E2E_WEB_ROOT,
      RASTRO_ADMIN_EMAIL: E2E_ADMIN.email,
      RASTRO_ADMIN_PASSWORD: E2E_ADMIN.password,
      RASTRO_DEMO: '1',
      RASTRO_DEMO_INTERVAL_MS: '1000',
      RASTRO_LOG_LEVEL: 'warn',
      // automatic billing runs on the clock (5 s after start, then hourly) and would add its own
      // invoices under the browser tests' feet; the server tests drive it with a given time
      RASTRO_BILLING_SWEEP_MINUTES: '0',
      // the lost-password e-mail's links point here (never at a request's Host)
      RASTRO_PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      // the tile proxy never reaches the internet from a test: street tiles fail (the map falls back
      // to the offline atlas) unless a spec answers /tarkan/tiles itself (base-map.spec.ts)
      RASTRO_TILES_OSM_URL: 'http://127.0.0.1:9',
      RASTRO_BASEMAP_FILE: E2E_BASEMAP_FILE,
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  },
});

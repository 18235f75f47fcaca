import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_OSMAND_PORT } from './playwright.config.ts';

const shots = path.resolve(import.meta.dirname, '../../../test-results');

interface RenderedDevice {
  deviceId: number;
  lng: number;
  lat: number;
}

/** Reads the device markers MapLibre actually rendered (the `devices` layer). */
async function renderedDevices(page: Page): Promise<RenderedDevice[]> {
  return page.evaluate(() => {
    const map = (window as unknown as { __rastroMap?: { getLayer(id: string): unknown; queryRenderedFeatures(o: object): { properties: Record<string, unknown>; geometry: { coordinates: number[] } }[] } }).__rastroMap;
    if (!map || !map.getLayer('devices')) return [];
    return map.queryRenderedFeatures({ layers: ['devices'] }).map((f) => ({
      deviceId: Number(f.properties.deviceId),
      lng: f.geometry.coordinates[0]!,
      lat: f.geometry.coordinates[1]!,
    }));
  });
}

async function report(uniqueId: string, lat: number, lon: number): Promise<void> {
  const query = new URLSearchParams({ id: uniqueId, lat: String(lat), lon: String(lon), speed: '30', timestamp: String(Math.floor(Date.now() / 1000)) });
  const response = await fetch(`http://127.0.0.1:${E2E_OSMAND_PORT}/?${query}`, { method: 'POST' });
  expect(response.status).toBe(200);
}

test('a newcomer signs in, sees the demo fleet on the map and in the list, and watches a marker move', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await page.screenshot({ path: path.join(shots, 'e2e-login.png') });

  await page.fill('input[name="email"]', E2E_ADMIN.email);
  await page.fill('input[name="password"]', E2E_ADMIN.password);
  await page.click('button[type="submit"]');
  await expect(page).toHaveURL(/\/home/);
  await expect(page.getByTestId('map')).toBeVisible();

  // The demo fleet (6 vehicles reporting every second over OsmAnd) appears on the map.
  await expect.poll(async () => (await renderedDevices(page)).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
  await page.screenshot({ path: path.join(shots, 'e2e-home.png') });

  await page.goto('/devices');
  await expect(page.getByTestId('device-row').first()).toBeVisible();
  expect(await page.getByTestId('device-row').count()).toBeGreaterThanOrEqual(5);
  await page.screenshot({ path: path.join(shots, 'e2e-devices.png') });

  // A new device, created through the API with the browser's own session, reports a first position…
  const created = await page.request.post('/api/devices', { data: { name: 'Teste E2E', uniqueId: 'e2e-tracker-1' } });
  expect(created.status()).toBe(200);
  const device = (await created.json()) as { id: number };
  await report('e2e-tracker-1', -23.5489, -46.6388);
  await page.goto('/home');
  await expect.poll(async () => (await renderedDevices(page)).find((d) => d.deviceId === device.id)?.lat, { timeout: 30_000 })
    .toBeCloseTo(-23.5489, 3);

  // …then moves: the marker follows over the live socket, without a reload.
  await report('e2e-tracker-1', -23.5614, -46.6559);
  await expect.poll(async () => (await renderedDevices(page)).find((d) => d.deviceId === device.id)?.lat, { timeout: 30_000 })
    .toBeCloseTo(-23.5614, 3);
  const moved = (await renderedDevices(page)).find((d) => d.deviceId === device.id)!;
  expect(moved.lng).toBeCloseTo(-46.6559, 3);
  await page.screenshot({ path: path.join(shots, 'e2e-moved.png') });
});

test('an unknown path leads to the login with the return path, then back to it', async ({ page }) => {
  await page.goto('/devices');
  await expect(page).toHaveURL(/\/login\?to=%2Fdevices|\/login\?to=\/devices/);
  await page.fill('input[name="email"]', E2E_ADMIN.email);
  await page.fill('input[name="password"]', 'wrong-password');
  await page.click('button[type="submit"]');
  await expect(page.getByText('Desculpe, parece que você digitou dados incorretos.')).toBeVisible();
  await page.fill('input[name="password"]', E2E_ADMIN.password);
  await page.click('button[type="submit"]');
  await expect(page).toHaveURL(/\/devices/);
});

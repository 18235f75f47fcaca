import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_OSMAND_PORT } from './playwright.config.ts';
import { signIn } from './fixtures.ts';

const shots = path.resolve(import.meta.dirname, '../../../test-results');

interface RenderedDevice {
  deviceId: number;
  lng: number;
  lat: number;
}

/** Reads the device markers the map actually drew (the fleet canvas over the map). */
async function renderedDevices(page: Page): Promise<RenderedDevice[]> {
  return page.evaluate(() => {
    const fleet = (window as unknown as { __rastroFleet?: { drawn: () => { devices: RenderedDevice[] } } }).__rastroFleet;
    return fleet ? fleet.drawn().devices.map(({ deviceId, lng, lat }) => ({ deviceId, lng, lat })) : [];
  });
}

/** Fix times in whole seconds, each later than the last: two fixes in one second are duplicates, which the server drops. */
let lastFix = 0;

async function report(uniqueId: string, lat: number, lon: number): Promise<void> {
  lastFix = Math.max(Math.floor(Date.now() / 1000), lastFix + 1);
  const query = new URLSearchParams({ id: uniqueId, lat: String(lat), lon: String(lon), speed: '30', timestamp: String(lastFix) });
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

interface FleetView {
  devices: (RenderedDevice & { x: number; y: number })[];
  clusters: { screenX: number; screenY: number; count: number }[];
  zoom: number;
}

/** What the fleet canvas drew, with screen positions inside the map, and the map's zoom. */
async function fleetView(page: Page): Promise<FleetView> {
  return page.evaluate(() => {
    const w = window as unknown as {
      __rastroFleet?: { drawn: () => { devices: FleetView['devices']; clusters: FleetView['clusters'] } };
      __rastroMap?: { getZoom: () => number };
    };
    if (!w.__rastroFleet || !w.__rastroMap) return { devices: [], clusters: [], zoom: 0 };
    const { devices, clusters } = w.__rastroFleet.drawn();
    return {
      devices: devices.map(({ deviceId, lng, lat, x, y }) => ({ deviceId, lng, lat, x, y })),
      clusters: clusters.map(({ screenX, screenY, count }) => ({ screenX, screenY, count })),
      zoom: w.__rastroMap.getZoom(),
    };
  });
}

test('markers answer clicks; a crowd is clustered, and a cluster clicked opens up', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const signIn = await page.request.post('/api/session', { form: E2E_ADMIN });
  expect(signIn.ok()).toBe(true);

  // 120 vehicles within a few hundred metres of each other, far from the demo fleet
  const created: number[] = [];
  for (let i = 0; i < 120; i++) {
    const response = await page.request.post('/api/devices', { data: { name: `Multidão ${i + 1}`, uniqueId: `e2e-crowd-${i}` } });
    expect(response.status()).toBe(200);
    created.push(((await response.json()) as { id: number }).id);
  }
  try {
    await Promise.all(created.map((_, i) => report(`e2e-crowd-${i}`, -22.9 + (i % 12) * 0.0004, -43.2 + Math.floor(i / 12) * 0.0004)));

    await page.goto('/home');
    await expect.poll(async () => (await renderedDevices(page)).length + (await fleetView(page)).clusters.length, { timeout: 30_000 }).toBeGreaterThan(0);
    await page.evaluate(() => (window as unknown as { __rastroMap: { jumpTo: (view: object) => void } }).__rastroMap.jumpTo({ center: [-43.198, -22.898], zoom: 12 }));
    await expect.poll(async () => (await fleetView(page)).clusters.reduce((sum, cluster) => sum + cluster.count, 0), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(100);
    await page.screenshot({ path: path.join(shots, 'e2e-clusters.png') });

    // a click on the crowd's biggest cluster zooms in until its vehicles come apart
    const map = page.getByTestId('map');
    const box = (await map.boundingBox())!;
    const before = await fleetView(page);
    const biggest = before.clusters.sort((a, b) => b.count - a.count)[0];
    await page.mouse.click(box.x + biggest.screenX, box.y + biggest.screenY);
    await expect.poll(async () => (await fleetView(page)).zoom, { timeout: 15_000 }).toBeGreaterThan(before.zoom + 2);
    await expect.poll(async () => (await fleetView(page)).devices.filter((d) => created.includes(d.deviceId)).length, { timeout: 15_000 })
      .toBeGreaterThan(20);

    // a click on one of them picks it: its card shows its name (the last drawn is on top of its neighbours)
    const { devices } = await fleetView(page);
    const target = devices.filter((d) => created.includes(d.deviceId)).at(-1)!;
    await page.mouse.click(box.x + target.x, box.y + target.y);
    const index = created.indexOf(target.deviceId);
    await expect(page.getByTestId('selected-device')).toContainText(`Multidão ${index + 1}`);
    await page.screenshot({ path: path.join(shots, 'e2e-crowd-selected.png') });
  } finally {
    for (const id of created) await page.request.delete(`/api/devices/${id}`);
  }
});

test('without internet the basemap still names the places around the fleet, in the dark theme too', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page);
  await page.goto('/home');
  await expect(page.getByTestId('map')).toBeVisible();
  type NamedMap = {
    jumpTo: (view: { center: [number, number]; zoom: number }) => void;
    queryRenderedFeatures: (options: { layers: string[] }) => { properties: { n: string } }[];
    getStyle: () => { layers: { id: string }[] };
  };
  const named = (center: [number, number], zoom: number) => page.evaluate(({ center: at, zoom: level }) => {
    const map = (window as unknown as { __rastroMap: NamedMap }).__rastroMap;
    map.jumpTo({ center: at, zoom: level });
    const layers = map.getStyle().layers.map((layer) => layer.id).filter((id) => id.startsWith('fallback-places'));
    return map.queryRenderedFeatures({ layers }).map((feature) => feature.properties.n);
  }, { center, zoom });
  // the state of São Paulo from afar: its capital and the big cities around it
  await expect.poll(() => named([-47.5, -23], 6), { timeout: 20_000 }).toEqual(expect.arrayContaining(['São Paulo', 'Campinas']));
  // close by, the towns of greater São Paulo (under 100,000 people: Brazil's are all in the atlas)
  await expect.poll(() => named([-46.75, -23.45], 10), { timeout: 20_000 }).toEqual(expect.arrayContaining(['Osasco', 'Caieiras']));
  await page.getByTestId('user-menu').click();
  await page.getByTestId('theme-toggle').click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect.poll(() => named([-46.75, -23.45], 10), { timeout: 20_000 }).toContain('Guarulhos');
  await page.screenshot({ path: path.join(shots, 'e2e-offline-places.png') });
});

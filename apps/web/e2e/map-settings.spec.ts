import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn, signInRequest } from './fixtures.ts';

/**
 * Spec §3's map settings, which only a drawn map can show: the saved view (latitude, longitude,
 * zoom — the user's over the server's) the map opens on, and web.selectZoom, the zoom a picked
 * device is shown at.
 */

type Settings = Record<string, unknown> & { attributes: Record<string, unknown> };

/** The shell map's camera once it has landed (null while it moves or before it exists). */
function mapView(page: Page): Promise<{ zoom: number; lng: number; lat: number } | null> {
  type MapView = { getZoom: () => number; getCenter: () => { lng: number; lat: number }; isMoving: () => boolean };
  return page.evaluate(() => {
    const map = (window as unknown as { __rastroMap?: MapView }).__rastroMap;
    return map && !map.isMoving() ? { zoom: map.getZoom(), ...map.getCenter() } : null;
  });
}

/** Waits for the map to land on `view` (a jump, so exactly there, give or take rounding). */
async function expectView(page: Page, view: { zoom: number; lng: number; lat: number }): Promise<void> {
  const rounded = (v: { zoom: number; lng: number; lat: number }) => [v.lat.toFixed(3), v.lng.toFixed(3), v.zoom.toFixed(1)];
  await expect.poll(async () => {
    const landed = await mapView(page);
    return landed && rounded(landed);
  }, { timeout: 20_000 }).toEqual(rounded(view));
}

/** Puts `change` into the server settings for the test, and the saved ones back after it. */
async function withServerSettings(request: APIRequestContext, change: (saved: Settings) => Settings, run: () => Promise<void>): Promise<void> {
  const saved = (await (await request.get('/api/server')).json()) as Settings;
  expect((await request.put('/api/server', { data: change(saved) })).status()).toBe(200);
  try {
    await run();
  } finally {
    await request.put('/api/server', { data: saved });
  }
}

test.describe.configure({ mode: 'serial' });

test("the map opens on the user's saved view, else on the server's", async ({ page, playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInRequest(admin);
  const stamp = Date.now() % 100000;
  const create = async (email: string, view: Record<string, number>) =>
    expect((await admin.post('/api/users', { data: { name: `Map ${email}`, email, password: 'map-pass', ...view } })).status()).toBe(200);
  const plain = `map-plain-${stamp}`;
  const own = `map-own-${stamp}`;
  await create(plain, {});
  await create(own, { latitude: -22.9068, longitude: -43.1729, zoom: 13 });

  await withServerSettings(admin, (saved) => ({ ...saved, latitude: -25.4284, longitude: -49.2733, zoom: 11 }), async () => {
    // neither has a vehicle: only the settings say where to look
    await signIn(page, plain, 'map-pass');
    await page.goto('/');
    await expectView(page, { lat: -25.4284, lng: -49.2733, zoom: 11 });

    await page.context().clearCookies();
    await signIn(page, own, 'map-pass');
    await page.goto('/');
    await expectView(page, { lat: -22.9068, lng: -43.1729, zoom: 13 });
  });
  await admin.dispose();
});

test('a device picked from the list is shown at the zoom of web.selectZoom', async ({ page }) => {
  await signIn(page);
  const devices = (await (await page.request.get('/api/devices')).json()) as { id: number; name: string; uniqueId: string }[];
  const device = devices.find((candidate) => candidate.uniqueId === 'demo-001');
  expect(device, 'the first demo vehicle').toBeDefined();
  await expect
    .poll(async () => ((await (await page.request.get(`/api/positions?deviceId=${device!.id}`)).json()) as unknown[]).length, { timeout: 30_000 })
    .toBe(1);

  await withServerSettings(page.request, (saved) => ({ ...saved, attributes: { ...saved.attributes, 'web.selectZoom': 13 } }), async () => {
    await page.goto('/devices');
    await page.getByRole('searchbox').fill(device!.name);
    await page.getByTestId('device-row').filter({ hasText: device!.name }).first().click();
    await expect(page).toHaveURL(new RegExp(`/devices/${device!.id}$`));
    await expect.poll(async () => (await mapView(page))?.zoom ?? 0, { timeout: 15_000 }).toBeCloseTo(13, 1);
  });
});

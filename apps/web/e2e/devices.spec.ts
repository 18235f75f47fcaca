import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from './fixtures.ts';

const shots = path.resolve(import.meta.dirname, '../../../test-results');

interface WireDevice {
  id: number;
  name: string;
  uniqueId: string;
  attributes: Record<string, unknown>;
}

interface WireGeofence {
  id: number;
  area: string;
  attributes: Record<string, unknown>;
}

async function createDevice(request: APIRequestContext, device: { name: string; uniqueId: string; category?: string; attributes?: Record<string, unknown> }): Promise<WireDevice> {
  const response = await request.post('/api/devices', { data: device });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as WireDevice;
}

async function devices(request: APIRequestContext): Promise<WireDevice[]> {
  return (await (await request.get('/api/devices')).json()) as WireDevice[];
}

/** A demo vehicle once it has reported, so its details have readings and a position to anchor to. */
async function reportingDemoDevice(page: Page): Promise<WireDevice> {
  const device = (await devices(page.request)).find((candidate) => candidate.uniqueId === 'demo-001');
  expect(device, 'the first demo vehicle').toBeDefined();
  await expect
    .poll(async () => ((await (await page.request.get(`/api/positions?deviceId=${device!.id}`)).json()) as unknown[]).length, { timeout: 30_000 })
    .toBe(1);
  return device!;
}

/** Signs in at the given screen size and picks the reporting demo vehicle from the list: its details open. */
async function pickReportingDevice(page: Page, viewport: { width: number; height: number }): Promise<WireDevice> {
  await page.setViewportSize(viewport);
  await signIn(page);
  const device = await reportingDemoDevice(page);
  await page.goto('/devices');
  await page.getByRole('searchbox').fill('');
  await rows(page).filter({ hasText: device.name }).click();
  await expect(page).toHaveURL(new RegExp(`/devices/${device.id}$`));
  await expect(page.getByTestId('device-details')).toBeVisible();
  return device;
}

/** web.selectZoom is not set on the test server: spec §9's default. */
const SELECT_ZOOM = 17;

/** The shell map's camera once it has landed (null while it moves). */
function mapView(page: Page): Promise<{ zoom: number; lng: number; lat: number } | null> {
  type MapView = { getZoom: () => number; getCenter: () => { lng: number; lat: number }; isMoving: () => boolean };
  return page.evaluate(() => {
    const map = (window as unknown as { __rastroMap?: MapView }).__rastroMap;
    return map && !map.isMoving() ? { zoom: map.getZoom(), ...map.getCenter() } : null;
  });
}

const rows = (page: Page) => page.getByTestId('device-row');
const rowNames = (page: Page) => rows(page).locator('.MuiListItemText-primary').allInnerTexts();
const notice = (page: Page) => page.getByTestId('notice');

/** Presses a device action that asks first, checks what it asks (when given), confirms, and waits for the notice `said`. */
async function confirmAction(page: Page, action: string, said: string, asks?: string): Promise<void> {
  await page.getByTestId(`action-${action}`).click();
  if (asks) await expect(page.getByTestId('confirm-dialog')).toContainText(asks);
  await page.getByTestId('confirm').click();
  await expect(notice(page)).toContainText(said);
}

/** Presses a device action that asks first and cancels it: the user is told so. */
async function cancelAction(page: Page, action: string): Promise<void> {
  await page.getByTestId(`action-${action}`).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Cancelar' }).click();
  await expect(notice(page)).toContainText('Ação cancelada pelo usuário');
}

test.describe.configure({ mode: 'serial' });

/** Deletes a device with lazy (safe-mode) deletion on, as the server's setting makes it: the row stays, hidden. */
async function softDelete(request: APIRequestContext, device: WireDevice): Promise<void> {
  const server = (await (await request.get('/api/server')).json()) as { attributes: Record<string, unknown> };
  const lazy = await request.put('/api/server', { data: { ...server, attributes: { ...server.attributes, 'tarkan.lazyDeletion': true } } });
  expect(lazy.status(), await lazy.text()).toBe(200);
  try {
    const deleted = await request.delete(`/api/devices/${device.id}`);
    expect(deleted.status(), await deleted.text()).toBeLessThan(300);
  } finally {
    await request.put('/api/server', { data: server });
  }
}

test('the devices list filters, searches, counts and sorts', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page);
  await createDevice(page.request, { name: 'E2E Alfa', uniqueId: 'e2e-list-a', category: 'truck', attributes: { plate: 'QQA1B23' } });
  await createDevice(page.request, { name: 'E2E Beta', uniqueId: 'e2e-list-b', category: 'boat' });
  // soft-deleted devices keep their row but never show
  await softDelete(page.request, await createDevice(page.request, { name: 'E2E Apagado', uniqueId: 'e2e-list-deleted' }));

  const shown = (await devices(page.request)).filter((device) => !device.uniqueId.startsWith('deleted-')).length;

  await page.goto('/devices');
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByTestId('count-all')).toHaveText(`Todos ${shown}`);
  await expect(page.getByText('E2E Apagado')).toHaveCount(0);

  // the text query matches names, plates and statuses, and is kept for the next visit
  await page.getByRole('searchbox', { name: 'Buscar dispositivos' }).fill('e2e');
  await expect.poll(() => rowNames(page)).toEqual(['E2E Alfa', 'E2E Beta']);
  await page.getByRole('searchbox').fill('qqa1b23');
  await expect.poll(() => rowNames(page)).toEqual(['E2E Alfa']);
  await page.getByRole('searchbox').fill('E2E');
  await page.reload();
  await expect(page.getByRole('searchbox')).toHaveValue('E2E');
  await expect.poll(() => rowNames(page)).toEqual(['E2E Alfa', 'E2E Beta']);

  // name ascending is the default; picking it again flips it, and again flips it back
  await page.getByTestId('sort-menu').click();
  await page.getByTestId('sort-name').click();
  await page.keyboard.press('Escape');
  await expect.poll(() => rowNames(page)).toEqual(['E2E Beta', 'E2E Alfa']);
  await page.getByTestId('sort-menu').click();
  await expect(page.getByTestId('sort-name').getByRole('img', { name: 'Decrescente' })).toBeVisible();
  await page.getByTestId('sort-name').click();
  await page.keyboard.press('Escape');
  await expect.poll(() => rowNames(page)).toEqual(['E2E Alfa', 'E2E Beta']);

  // hide by category
  await page.getByTestId('category-menu').click();
  await page.getByTestId('category-boat').click();
  await page.keyboard.press('Escape');
  await expect.poll(() => rowNames(page)).toEqual(['E2E Alfa']);
  await page.getByRole('button', { name: /Categorias ocultas/ }).locator('.MuiChip-deleteIcon').click();
  await expect.poll(() => rowNames(page)).toEqual(['E2E Alfa', 'E2E Beta']);

  // status: the new devices have never reported, so they are not online
  await page.getByTestId('count-online').click();
  await expect(rows(page)).toHaveCount(0);
  await expect(page.getByText('Nenhum dispositivo encontrado.')).toBeVisible();
  await page.getByTestId('count-online').click();

  // the demo fleet is driving: "in motion" shows only moving devices, and its count says how many
  await page.getByRole('searchbox').fill('');
  await expect(rows(page)).toHaveCount(shown);
  await expect.poll(async () => Number((await page.getByTestId('count-moving').innerText()).match(/\d+/)?.[0]), { timeout: 30_000 }).toBeGreaterThan(0);
  await page.getByTestId('count-moving').click();
  await expect.poll(async () => (await rows(page).allInnerTexts()).every((text) => text.includes('Em movimento'))).toBe(true);
  await expect.poll(() => rowNames(page)).not.toContain('E2E Alfa');
  await page.screenshot({ path: path.join(shots, 'e2e-devices-moving.png') });
  await page.getByTestId('count-moving').click();
});

test('device details: readings, follow, routes, lock and unlock, anchor on and off', async ({ page }) => {
  const device = await pickReportingDevice(page, { width: 1366, height: 768 });
  // the pick flies the map to the device, the panel's change from list to details notwithstanding
  await expect.poll(async () => (await mapView(page))?.zoom ?? 0, { timeout: 15_000 }).toBeCloseTo(SELECT_ZOOM, 1);
  await expect(page.getByTestId('reading-odometer')).toContainText('km');
  await expect(page.getByTestId('reading-fuel')).toHaveText(/\d L$/); // Traccar's `fuel` is litres
  await expect(page.getByTestId('attribute-chart').getByRole('img', { name: 'Velocidade (km/h)' })).toBeVisible({ timeout: 30_000 });

  await page.getByTestId('action-follow').click();
  await expect(page.getByTestId('action-follow')).toHaveAttribute('aria-pressed', 'true');

  // routes open the map's overlay view for the period
  await page.getByTestId('route-today').click();
  await expect(page).toHaveURL(/overlay=route/);
  await expect(page.getByTestId('map-overlay')).toContainText(device.name);
  await page.getByTestId('map-overlay').getByRole('button', { name: 'Fechar' }).click();
  await expect(page.getByTestId('map-overlay')).toHaveCount(0);

  // the demo trackers speak OsmAnd, which cannot take a command at once: the server queues it (202)
  await confirmAction(page, 'lock', 'Comando na fila', device.name);
  await cancelAction(page, 'unlock');
  await confirmAction(page, 'unlock', 'Comando na fila');

  // anchor: cancelling says so; confirming creates a 150 m circle around the latest position, tied to the device
  await cancelAction(page, 'anchor');
  await confirmAction(page, 'anchor', 'Âncora ativada.', '150 m');
  await expect(page.getByTestId('action-anchor')).toHaveAttribute('aria-pressed', 'true');
  const anchors = async () =>
    ((await (await page.request.get('/api/geofences')).json()) as WireGeofence[]).filter((g) => g.attributes.isAnchor === true && g.attributes.deviceId === device.id);
  const [anchor] = await anchors();
  expect(anchor.area).toMatch(/^CIRCLE \(-?\d+(\.\d+)? -?\d+(\.\d+)?, 150\)$/);
  const linked = (await (await page.request.get(`/api/geofences?deviceId=${device.id}`)).json()) as WireGeofence[];
  expect(linked.map((g) => g.id)).toContain(anchor.id);
  await page.screenshot({ path: path.join(shots, 'e2e-device-details.png') });

  await confirmAction(page, 'anchor', 'Âncora desativada.');
  await expect(page.getByTestId('action-anchor')).toHaveAttribute('aria-pressed', 'false');
  expect(await anchors()).toEqual([]);
});

test('the device editor creates, edits and deletes, with the form rules and server errors', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page);
  await page.goto('/devices');
  await expect(rows(page).first()).toBeVisible();

  await page.getByTestId('add-device').click();
  const editor = page.getByTestId('device-editor');
  await page.getByTestId('save-device').click();
  await expect(editor).toContainText('Por favor, insira um nome para o dispositivo');
  await expect(editor).toContainText('Por favor, insira o identificador do dispositivo');

  // an identifier already in use is refused by the server, and the editor says why
  await editor.locator('input[name="name"]').fill('E2E Editor');
  await editor.locator('input[name="uniqueId"]').fill('demo-001');
  await page.getByTestId('save-device').click();
  await expect(page.getByTestId('editor-error')).toContainText('Já existe um dispositivo com este identificador.');

  await editor.locator('input[name="uniqueId"]').fill('e2e-editor-1');
  await editor.locator('input[name="plate"]').fill('EDT2E45');
  await editor.locator('input[name="color1"]').fill('#aa3300');
  // odometer and engine hours are the device's accumulators (PUT /devices/{id}/accumulators), set
  // once it has a position: a new device's are not editable yet
  await expect(editor.locator('input[name="odometer"]')).toBeDisabled();
  await editor.locator('input[name="fuelPrice"]').fill('6.49');
  await page.getByTestId('save-device').click();
  await expect(editor).toHaveCount(0);

  const created = (await devices(page.request)).find((device) => device.uniqueId === 'e2e-editor-1');
  expect(created?.attributes).toMatchObject({ plate: 'EDT2E45', 'tarkan.color': '#aa3300', fuelPrice: 6.49 });
  expect(created?.attributes).not.toHaveProperty('odometer');
  await page.getByRole('searchbox').fill('E2E Editor');
  await rows(page).filter({ hasText: 'E2E Editor' }).click();
  await expect(page).toHaveURL(new RegExp(`/devices/${created!.id}$`));

  await page.getByTestId('action-edit').click();
  await expect(editor.locator('input[name="plate"]')).toHaveValue('EDT2E45');
  await editor.locator('input[name="name"]').fill('E2E Editado');
  await page.getByTestId('save-device').click();
  await expect(editor).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'E2E Editado' })).toBeVisible();
  const edited = (await devices(page.request)).find((device) => device.id === created!.id);
  expect(edited).toMatchObject({ name: 'E2E Editado', attributes: { plate: 'EDT2E45', 'tarkan.color': '#aa3300' } });

  await page.getByTestId('action-delete').click();
  await page.getByTestId('confirm').click();
  await expect(page).toHaveURL(/\/devices$/);
  await expect(notice(page)).toContainText('Dispositivo excluído.');
  expect((await devices(page.request)).some((device) => device.id === created!.id)).toBe(false);
});

test('a user at the device limit is told so before the server is asked', async ({ page, browser }) => {
  await signIn(page);
  const user = { name: 'Limitado E2E', email: 'limited-e2e', password: 'limited-pass', deviceLimit: 0 };
  expect((await page.request.post('/api/users', { data: user })).status()).toBe(200);

  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1366, height: 768 } });
  const limited = await context.newPage();
  await signIn(limited, user.email, user.password);
  await limited.goto('/devices');
  await limited.getByTestId('add-device').click();
  const editor = limited.getByTestId('device-editor');
  await editor.locator('input[name="name"]').fill('Excedente');
  await editor.locator('input[name="uniqueId"]').fill('e2e-over-limit');
  await limited.getByTestId('save-device').click();
  await expect(limited.getByTestId('editor-error')).toHaveText('Limite de cadastro de veículos excedido.');
  await context.close();
});

test('on a phone the details are a bottom sheet, and back returns to the list', async ({ page }) => {
  await pickReportingDevice(page, { width: 390, height: 844 });
  const sheet = page.getByTestId('panel');
  const box = await sheet.boundingBox();
  expect(box!.y + box!.height).toBeCloseTo(844, 0);
  expect(box!.height).toBeLessThan(844 * 0.7);

  // expanded through the address, minimised to its title bar
  await sheet.getByRole('button', { name: 'Expandir' }).click();
  await expect(page).toHaveURL(/expand=true/);
  await expect.poll(async () => (await sheet.boundingBox())!.height).toBeGreaterThan(700);
  await sheet.getByRole('button', { name: 'Minimizar' }).click();
  await expect.poll(async () => (await sheet.boundingBox())!.height).toBeLessThan(80);
  await sheet.getByRole('button', { name: 'Restaurar' }).click();
  await page.screenshot({ path: path.join(shots, 'e2e-device-phone.png') });

  await sheet.getByRole('button', { name: 'Voltar', exact: true }).click();
  await expect(page).toHaveURL(/\/devices$/);
  await expect(rows(page).first()).toBeVisible();
});

test('a device opened from a link on a new page is brought into view at the select zoom', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page);
  const device = await reportingDemoDevice(page);
  await page.goto(`/devices/${device.id}`);
  await expect(page.getByTestId('device-details')).toBeVisible();
  await expect.poll(async () => (await mapView(page))?.zoom ?? 0, { timeout: 15_000 }).toBeCloseTo(SELECT_ZOOM, 1);
  const [position] = (await (await page.request.get(`/api/positions?deviceId=${device.id}`)).json()) as { latitude: number; longitude: number }[];
  const centre = (await mapView(page))!;
  // the demo vehicle keeps driving: within a few hundred metres of the position read after the flight
  expect(Math.abs(centre.lat - position.latitude)).toBeLessThan(0.01);
  expect(Math.abs(centre.lng - position.longitude)).toBeLessThan(0.01);
});

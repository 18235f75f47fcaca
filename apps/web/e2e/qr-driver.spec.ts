import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from './fixtures.ts';

const shots = path.resolve(import.meta.dirname, '../../../test-results');
const DRIVER = { username: 'motorista.e2e', password: 'qr-pass-1' };

interface WireDevice {
  id: number;
  name: string;
  uniqueId: string;
}

async function demoDevice(request: APIRequestContext): Promise<WireDevice> {
  const devices = (await (await request.get('/api/devices')).json()) as WireDevice[];
  const device = devices.find((candidate) => candidate.uniqueId === 'demo-001');
  expect(device, 'the first demo vehicle').toBeDefined();
  return device!;
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(shots, `qr-driver-${name}.png`) });
}

test.describe.configure({ mode: 'serial' });

let vehicle: WireDevice;

test('an administrator enables QR on a driver and prints the vehicle QR code', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  const driver = await page.request.post('/api/drivers', {
    data: {
      name: 'Maria Motorista', uniqueId: 'e2e-qr-driver',
      attributes: { 'tarkan.qrEnable': true, 'tarkan.qrUsername': DRIVER.username, 'tarkan.qrPassword': DRIVER.password, 'tarkan.qrUnlockDevice': true },
    },
  });
  expect(driver.status(), await driver.text()).toBe(200);
  expect(((await driver.json()) as { attributes: Record<string, unknown> }).attributes).not.toHaveProperty('tarkan.qrPassword');

  // the server setting that offers the "QR device" dialog
  const server = (await (await page.request.get('/api/server')).json()) as Record<string, unknown> & { attributes: Record<string, unknown> };
  const saved = await page.request.put('/api/server', { data: { ...server, attributes: { ...server.attributes, 'tarkan.enableQrDriverId': true } } });
  expect(saved.status(), await saved.text()).toBe(200);

  vehicle = await demoDevice(page.request);
  await page.goto(`/devices/${vehicle.id}`);
  await page.getByTestId('action-qrCode').click();
  const dialog = page.getByTestId('qr-device-dialog');
  await expect(dialog.getByTestId('qr-device-code')).toBeVisible();
  await expect(dialog.getByTestId('qr-device-code')).toHaveAttribute('aria-label', new RegExp(`/qr-driver/scan/${vehicle.id}$`));
  await expect(dialog).toContainText(`Código do veículo: ${vehicle.id}`);
  await shoot(page, 'device-dialog');
});

test('the driver signs in at /motorista, checks in from the vehicle link, sees it and checks out', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
  const page = await context.newPage();

  // the vehicle's link without a session leads to the driver login, and back after it
  await page.goto(`/qr-driver/scan/${vehicle.id}`);
  await expect(page).toHaveURL(/\/motorista\?to=%2Fqr-driver%2Fscan%2F/);
  await expect(page.getByText('Acesso do motorista')).toBeVisible();
  await shoot(page, 'login-phone');
  await page.locator('input[name=email]').fill(DRIVER.username);
  await page.locator('input[name=password]').fill(DRIVER.password);
  await page.getByRole('button', { name: 'Entrar' }).click();

  await expect(page).toHaveURL(new RegExp(`/qr-driver/scan/${vehicle.id}$`));
  await expect(page.getByTestId('qr-vehicle-name')).toHaveText(vehicle.name);
  await shoot(page, 'scan-phone');
  await page.getByTestId('qr-confirm').click();

  await expect(page).toHaveURL(/\/qr-driver$/);
  await expect(page.getByTestId('qr-checked-in')).toContainText(`Check-in feito em ${vehicle.name}`);
  await expect(page.getByTestId('qr-vehicle-name')).toHaveText(vehicle.name);
  await expect(page.getByTestId('qr-since')).toContainText('Desde');
  await expect(page.getByText('Olá, Maria Motorista')).toBeVisible();
  await shoot(page, 'checked-in-phone');

  // the owner's view of the device carries the check-in
  const state = (await (await page.request.get('/tarkan/qr-driver')).json()) as { device: { id: number } | null };
  expect(state.device?.id).toBe(vehicle.id);

  await page.getByTestId('qr-check-out').click();
  await expect(page.getByTestId('qr-no-vehicle')).toBeVisible();
  await expect(page.getByTestId('qr-check-out')).toHaveCount(0);

  // the typed code is always there when the camera cannot read the QR code
  await page.getByTestId('qr-scan').click();
  await expect(page.getByTestId('qr-scan-dialog')).toBeVisible();
  await page.getByTestId('qr-code-input').fill('abc');
  await page.getByTestId('qr-code-continue').click();
  await expect(page.getByText('Código inválido')).toBeVisible();
  await expect(page.getByTestId('qr-scan-dialog').locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
  await shoot(page, 'scan-dialog-phone');
  await page.getByTestId('qr-code-input').fill(String(vehicle.id));
  await page.getByTestId('qr-code-continue').click();
  await expect(page).toHaveURL(new RegExp(`/qr-driver/scan/${vehicle.id}$`));
  await expect(page.getByTestId('qr-vehicle-name')).toHaveText(vehicle.name);

  // a driver has no map: any other page leads back to the check-in screen
  await page.goto('/home');
  await expect(page).toHaveURL(/\/qr-driver$/);
  await expect(page.getByTestId('qr-no-vehicle')).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, 'checked-out-desktop');
  await context.close();
});

test('a new session at /motorista lands on /qr-driver; logout returns to the driver login', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
  const page = await context.newPage();
  await page.goto('/motorista');
  await page.locator('input[name=email]').fill(DRIVER.username);
  await page.locator('input[name=password]').fill(DRIVER.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/qr-driver$/);
  await expect(page.getByTestId('qr-no-vehicle')).toBeVisible();
  await page.getByTestId('qr-logout').click();
  await expect(page).toHaveURL(/\/motorista\?to=%2Fqr-driver/);
  await context.close();
});

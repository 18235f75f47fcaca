import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from './fixtures.ts';

const shots = path.resolve(import.meta.dirname, '../../../test-results');

interface Device { id: number; name: string; uniqueId: string }

test("a vehicle's access QR code signs in to that vehicle only, which the login cannot leave", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const all = (await (await page.request.get('/api/devices')).json()) as Device[];
  const device = all.find((candidate) => candidate.uniqueId === 'demo-003')!;

  // the administrator issues the code from the device's actions
  await page.goto(`/devices/${device.id}`);
  await page.getByTestId('action-qrAccess').click();
  const dialog = page.getByTestId('qr-access-dialog');
  await expect(dialog.getByTestId('qr-access-state')).toHaveText('Nenhum código de acesso ativo.');
  await dialog.getByTestId('qr-access-issue').click();
  await expect(dialog.getByTestId('qr-access-code')).toBeVisible();
  const link = await dialog.getByTestId('qr-access-link').locator('input').inputValue();
  expect(link).toMatch(/\/share\/[^/]+$/);

  // whoever scans it lands on the vehicle, with no menu and no management action
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const visitor = await context.newPage();
  await visitor.goto(link);
  await expect(visitor).toHaveURL(new RegExp(`/devices/${device.id}$`));
  await expect(visitor.getByTestId('action-follow')).toBeVisible();
  for (const action of ['edit', 'delete', 'share', 'qrAccess', 'lock', 'anchor']) await expect(visitor.getByTestId(`action-${action}`)).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: 'Menu' })).toHaveCount(0);
  const seen = (await (await visitor.request.get('/api/devices')).json()) as Device[];
  expect(seen.map((d) => d.id)).toEqual([device.id]);
  expect((await visitor.request.put(`/api/devices/${device.id}`, { data: { ...device, name: 'changed' } })).status()).toBe(403);
  await visitor.screenshot({ path: path.join(shots, 'e2e-qr-device-user.png') });
  // an address typed by hand leads back to the vehicle
  await visitor.goto('/reports');
  await expect(visitor).toHaveURL(new RegExp(`/devices/${device.id}$`));

  // revoking the code signs the visitor out
  await dialog.getByTestId('qr-access-revoke').click();
  await page.getByTestId('confirm').click();
  await expect(dialog.getByTestId('qr-access-state')).toHaveText('Nenhum código de acesso ativo.');
  expect((await visitor.request.get('/api/devices')).status()).toBe(401);
  await context.close();
});

test('with lazy deletion on, a deleted device waits in "Dispositivos excluídos" and comes back on restore', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const server = (await (await page.request.get('/api/server')).json()) as { attributes: Record<string, unknown> };
  const put = await page.request.put('/api/server', { data: { ...server, attributes: { ...server.attributes, 'tarkan.lazyDeletion': true } } });
  expect(put.status(), await put.text()).toBe(200);
  try {
    const device = ((await (await page.request.get('/api/devices')).json()) as Device[]).find((candidate) => candidate.uniqueId === 'demo-004')!;
    await page.goto(`/devices/${device.id}`);
    await page.getByTestId('action-delete').click();
    await expect(page.getByTestId('confirm-dialog')).toContainText('um administrador pode restaurá-lo');
    await page.getByTestId('confirm').click();
    await expect.poll(async () => ((await (await page.request.get('/api/devices')).json()) as Device[]).some((d) => d.id === device.id)).toBe(false);

    await page.goto('/deleted-devices');
    const row = page.getByTestId('deleted-row').filter({ hasText: device.name });
    await expect(row).toContainText('Identificador demo-004');
    await page.screenshot({ path: path.join(shots, 'e2e-deleted-devices.png') });
    await row.getByTestId('deleted-restore').click();
    await page.getByTestId('confirm').click();
    await expect(page.getByTestId('notice')).toContainText(`${device.name} restaurado.`);
    await expect(row).toHaveCount(0);
    const back = ((await (await page.request.get('/api/devices')).json()) as Device[]).find((d) => d.id === device.id);
    expect(back?.uniqueId).toBe('demo-004');
  } finally {
    await page.request.put('/api/server', { data: server });
  }
});

import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from './fixtures.ts';

const shots = path.resolve(import.meta.dirname, '../../../test-results');

/** Seconds the share link is valid: long enough to see the countdown run, short enough to see it end. */
const VALID_SECONDS = 20;

test('a share-link user sees the countdown instead of a name, no side menu, and at expiry only "Sair"', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // the administrator shares the first demo vehicle
  await signIn(page);
  const device = ((await (await page.request.get('/api/devices')).json()) as { id: number; name: string; uniqueId: string }[])
    .find((candidate) => candidate.uniqueId === 'demo-001')!;
  const expiration = new Date(Date.now() + VALID_SECONDS * 1000);
  const shared = await page.request.post('/api/share/device', { form: { deviceId: String(device.id), expiration: expiration.toISOString() } });
  expect(shared.status(), await shared.text()).toBe(200);
  const token = (await shared.text()).trim();

  // a visitor without an account opens the link
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1366, height: 768 } });
  const visitor = await context.newPage();
  await visitor.goto(`/share/${encodeURIComponent(token)}`);
  // the link opens on the shared vehicle: its details, the map flown to it
  await expect(visitor).toHaveURL(new RegExp(`/devices/${device.id}$`));
  await expect(visitor.getByText(device.name).first()).toBeVisible();
  const countdown = visitor.getByTestId('user-menu');
  await expect(countdown).toContainText(/Expira em: 0d 00h 00m \d\ds/);
  const first = await countdown.innerText();
  await expect.poll(() => countdown.innerText()).not.toBe(first);
  await expect(visitor.getByRole('button', { name: 'Menu' })).toHaveCount(0);
  // the shared vehicle, and only it, is what the visitor may see
  const seen = (await (await visitor.request.get('/api/devices')).json()) as { id: number }[];
  expect(seen.map((d) => d.id)).toEqual([device.id]);
  await visitor.screenshot({ path: path.join(shots, 'e2e-share-countdown.png') });

  // at expiry: a dialog whose single way out is 'Sair', and the access is gone already
  const dialog = visitor.getByRole('dialog');
  await expect(dialog).toContainText('O seu acesso compartilhado expirou.', { timeout: (VALID_SECONDS + 15) * 1000 });
  await expect(dialog.getByRole('button')).toHaveCount(1);
  await expect(dialog.getByRole('button')).toHaveText('Sair');
  await visitor.screenshot({ path: path.join(shots, 'e2e-share-expired.png') });
  expect((await visitor.request.get('/api/session')).status()).toBe(404);
  await dialog.getByRole('button', { name: 'Sair' }).click();
  await expect(visitor).toHaveURL(/\/login/);
  await context.close();
});

test('an invalid share link says so plainly, with no password form', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 390, height: 844 } });
  const visitor = await context.newPage();
  await visitor.goto('/share/not-a-real-token');
  await expect(visitor.getByRole('heading', { name: 'Este link compartilhado não é válido.' })).toBeVisible();
  await expect(visitor.getByLabel('Senha')).toHaveCount(0);
  await visitor.screenshot({ path: path.join(shots, 'e2e-share-invalid.png') });
  await context.close();
});

import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signIn } from './fixtures.ts';

/**
 * The top bar's push button and the service worker's push display.
 *
 * Headless Chromium here has no push service: pushManager.subscribe() rejects with
 * "AbortError: Registration failed - permission denied" even with notifications granted. So the
 * path subscribe -> POST /tarkan/notification -> state "on" is not driven by the browser here; the
 * server side of it (registration, encryption, VAPID, delivery, 410) is covered by
 * apps/server/test/push.test.ts against a real push endpoint. What runs here: the button's states
 * (off, blocked, unsupported, hidden), a failed subscription leaving nothing registered, the
 * register/unregister calls the button makes, and the worker showing a delivered push message.
 */

const bell = (page: Page) => page.locator('[data-push-state]');

async function setNotificationPermission(context: BrowserContext, page: Page, setting: 'granted' | 'denied'): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const origin = new URL(page.url() === 'about:blank' ? test.info().project.use.baseURL! : page.url()).origin;
  // Playwright's contexts are not the browser's default one: name it
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.setPermission', { permission: { name: 'notifications' }, setting, origin, browserContextId: targetInfo.browserContextId });
}

async function session(page: Page) {
  return (await page.request.get('/api/session')).json() as Promise<{ id: number; attributes: Record<string, unknown> }>;
}

test.describe('push button', () => {
  test('off until turned on; a subscription the browser cannot make leaves nothing registered', async ({ page, context }) => {
    await context.grantPermissions(['notifications']);
    await signIn(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/home');
    await expect(bell(page)).toHaveAttribute('data-push-state', 'off');
    const button = bell(page).getByRole('button', { name: 'Ativar notificações push neste navegador' });
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await button.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Ativar notificações push neste navegador');
    await expect(page.getByRole('tooltip')).toHaveCSS('opacity', '1');
    await page.screenshot({ path: test.info().outputPath('push-off-desktop.png') });

    await button.click();
    await expect(page.getByText('Não foi possível alterar as notificações push: o serviço de push do navegador recusou a inscrição.')).toBeVisible();
    await expect(bell(page)).toHaveAttribute('data-push-state', 'off');
    expect((await session(page)).attributes.notificationTokens).toBeUndefined();

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(bell(page)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('push-off-phone.png') });
  });

  test('says when the browser blocks notifications, and how to allow them', async ({ page, context }) => {
    await signIn(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/home');
    await setNotificationPermission(context, page, 'denied');
    await page.reload();
    await expect(bell(page)).toHaveAttribute('data-push-state', 'blocked');
    const button = bell(page).getByRole('button', { name: 'Notificações bloqueadas pelo navegador' });
    await button.click();
    await expect(page.getByText('As notificações estão bloqueadas para este site.', { exact: false })).toBeVisible();
    await button.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Notificações bloqueadas pelo navegador');
    await expect(page.getByRole('tooltip')).toHaveCSS('opacity', '1');
    await page.screenshot({ path: test.info().outputPath('push-blocked-desktop.png') });
  });

  test('is disabled where the browser has no service worker for push', async ({ browser }) => {
    const context = await browser.newContext({ serviceWorkers: 'block', locale: 'pt-BR' });
    const page = await context.newPage();
    await signIn(page);
    await page.goto('/home');
    await expect(bell(page)).toHaveAttribute('data-push-state', 'unsupported', { timeout: 20_000 });
    await expect(bell(page).getByRole('button')).toBeDisabled();
    await bell(page).hover();
    await expect(page.getByRole('tooltip')).toHaveText('Este navegador não oferece notificações push');
    await context.close();
  });

  test('is hidden when config.json turns push off, and for share-link users', async ({ page, browser }) => {
    await page.route('/config.json', (route) => route.fulfill({ json: { push: { enabled: false } } }));
    await signIn(page);
    await page.goto('/home');
    await expect(page.getByRole('button', { name: /Silenciar notificações|Ativar som das notificações/ })).toBeVisible();
    await expect(bell(page)).toHaveCount(0);

    // a share-link visitor, through a real link (only the server makes a user `isShared`)
    const device = ((await (await page.request.get('/api/devices')).json()) as { id: number }[])[0];
    const expiration = new Date(Date.now() + 3600_000).toISOString();
    const link = await page.request.post('/api/share/device', { form: { deviceId: String(device.id), expiration } });
    expect(link.status()).toBe(200);
    const context = await browser.newContext({ locale: 'pt-BR' });
    const shared = await context.newPage();
    await shared.goto(`/share/${encodeURIComponent((await link.text()).trim())}`);
    // a share link opens onto its vehicle
    await expect(shared).toHaveURL(/\/devices\/\d+$/);
    await expect(shared.getByRole('button', { name: /Silenciar notificações|Ativar som das notificações/ })).toBeVisible();
    await expect(bell(shared)).toHaveCount(0);
    await context.close();
  });

  test('registers and unregisters a subscription through the calls the button makes', async ({ page }) => {
    await signIn(page);
    await page.goto('/home');
    const user = await session(page);
    const stored = await page.evaluate(async (userId) => {
      const subscription = { endpoint: 'https://push.example/e2e-1', expirationTime: null, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' } };
      const call = (method: string) => fetch('/tarkan/notification', { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ userId, token: JSON.stringify(subscription) }) });
      const added = (await call('POST')).status;
      const tokens = (await (await fetch('/api/session')).json()).attributes.notificationTokens;
      const removed = (await call('DELETE')).status;
      const after = (await (await fetch('/api/session')).json()).attributes.notificationTokens ?? null;
      return { added, tokens, removed, after };
    }, user.id);
    expect(stored).toEqual({ added: 204, tokens: expect.stringContaining('"endpoint":"https://push.example/e2e-1"'), removed: 204, after: null });
  });
});

test('the service worker shows a pushed event as a notification', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await signIn(page);
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
    for (const r of list) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await page.goto('/home');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const origin = new URL(page.url()).origin;
  await expect.poll(() => registrations.get(`${origin}/`)).toBeDefined();

  const message = { title: 'Caminhão 7: Alarme', body: 'sos', tag: 'event-42', url: '/devices/7', type: 'alarm', deviceId: 7, eventId: 42 };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registrations.get(`${origin}/`)!, data: JSON.stringify(message) });
  await expect
    .poll(() => page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, icon: n.icon, tag: n.tag, data: n.data as unknown }));
    }))
    .toEqual([{ title: 'Caminhão 7: Alarme', body: 'sos', icon: `${origin}/push-icon.png`, tag: 'event-42', data: { url: '/devices/7' } }]);
  expect((await page.request.get('/push-icon.png')).headers()['content-type']).toBe('image/png');
});

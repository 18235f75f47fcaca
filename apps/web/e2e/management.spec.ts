import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADVANCED_PERMISSIONS_KEY, formatPermissions, permissionBit, type PermissionAction, type PermissionArea } from '../../../packages/api/src/permissions.ts';
import { E2E_OSMAND_PORT } from './playwright.config.ts';
import { signIn } from './fixtures.ts';

/** An advanced-permission mask holding the given bits. */
const grant = (...pairs: [PermissionArea, PermissionAction][]) => {
  const bits = new Array<boolean>(128).fill(false);
  for (const [area, action] of pairs) bits[permissionBit(area, action)] = true;
  return formatPermissions(bits);
};

/** Issue 6: every management area creates, edits and deletes through the UI; each role sees what it may. */

const field = (page: Page, path: string) => page.locator(`[data-testid="entity-dialog"] [data-field="${path}"], [data-testid="geofence-editor"] [data-field="${path}"]`).first();

async function choose(page: Page, label: string | RegExp, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function save(page: Page): Promise<void> {
  await page.getByTestId('entity-save').click();
  await expect(page.getByTestId('entity-dialog')).toBeHidden();
}

/** A settings page (server, account, theme, integrations) says it saved and stays open. */
async function saveSettings(page: Page): Promise<void> {
  const path = new URL(page.url()).pathname;
  await page.getByTestId('entity-save').click();
  await expect(page.getByTestId('notice')).toContainText('Salvo com sucesso');
  await expect(page.getByTestId('entity-dialog')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(path);
}

/** Create through the add button, rename through the row, delete through its button. */
async function crud(page: Page, path: string, fill: (page: Page, name: string) => Promise<void>, nameField = 'name'): Promise<void> {
  const name = `E2E ${path.slice(1)} ${Date.now() % 100000}`;
  await page.goto(path);
  await page.getByTestId('entity-add').click();
  await fill(page, name);
  await save(page);
  const row = page.getByTestId('entity-row').filter({ hasText: name });
  await expect(row).toBeVisible();

  await row.click();
  await field(page, nameField).fill(`${name} (2)`);
  await save(page);
  const renamed = page.getByTestId('entity-row').filter({ hasText: `${name} (2)` });
  await expect(renamed).toBeVisible();

  await page.locator('li', { has: renamed }).getByTestId('entity-delete').click();
  await page.getByTestId('confirm').click();
  await expect(renamed).toBeHidden();
}

test.describe('management areas (administrator)', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page);
  });

  test('groups, drivers, calendars and maintenance', async ({ page }) => {
    test.setTimeout(180_000);
    await crud(page, '/groups', async (p, name) => field(p, 'name').fill(name));
    await crud(page, '/drivers', async (p, name) => {
      await field(p, 'name').fill(name);
      await field(p, 'uniqueId').fill(`drv-${Date.now()}`);
    });
    await crud(page, '/calendars', async (p, name) => {
      await field(p, 'name').fill(name);
      await choose(p, 'Repetir', 'Diariamente');
    });
    await crud(page, '/maintenances', async (p, name) => {
      await field(p, 'name').fill(name);
      await field(p, 'start').fill('1000');
      await field(p, 'period').fill('5000');
    });
  });

  test('computed attributes, saved commands and notifications', async ({ page }) => {
    test.setTimeout(180_000);
    await crud(page, '/computed', async (p, name) => {
      await field(p, 'description').fill(name);
      await field(p, 'attribute').fill('fast');
      await field(p, 'expression').fill('speed > 60');
      await choose(p, 'Tipo de saída', 'Lógico');
    }, 'description');
    await crud(page, '/commands', async (p, name) => {
      await field(p, 'description').fill(name);
      await field(p, 'attributes.data').fill('STATUS#');
    }, 'description');
    await crud(page, '/notifications', async (p, name) => {
      await choose(p, 'Tipo', 'Ignição ligada');
      await field(p, 'description').fill(name);
    }, 'description');
  });

  test('validation messages of spec §5', async ({ page }) => {
    await page.goto('/users');
    await page.getByTestId('entity-add').click();
    await field(page, 'name').fill('Al');
    await field(page, 'email').fill('abc');
    await page.getByTestId('entity-save').click();
    await expect(page.getByText('Digite um nome e sobrenome')).toBeVisible();
    await expect(page.getByText('Minimo 4 characteres exigido').first()).toBeVisible();
    await page.getByRole('button', { name: 'Cancelar' }).click();

    await page.goto('/geofence');
    await page.getByTestId('entity-add').click();
    await page.getByTestId('entity-save').click();
    await expect(page.getByText('Field name is required.').first()).toBeVisible();
  });

  test('geofence: draw a circle, save, rename, delete', async ({ page }) => {
    const name = `E2E cerca ${Date.now() % 100000}`;
    await page.goto('/geofence');
    await page.getByTestId('entity-add').click();
    await field(page, 'name').fill(name);
    await field(page, 'attributes.speedLimit').fill('80');
    await page.getByTestId('draw-circle').click();
    // spec §4: the panel gives way to 'Concluir' and Cancel while drawing
    await expect(page.getByTestId('drawing-bar')).toBeVisible();
    await expect(page.getByTestId('panel')).toBeHidden();
    const map = page.locator('canvas.maplibregl-canvas');
    // the drawing tool (its own chunk) is ready when the cursor turns to a crosshair
    await expect(map).toHaveCSS('cursor', 'crosshair');
    const box = (await map.boundingBox())!;
    // away from the demo vehicles in the middle, whose markers take clicks
    const x = box.x + box.width * 0.2;
    const y = box.y + box.height * 0.75;
    await page.mouse.click(x, y);
    await expect(page.getByTestId('drawing-hint')).toContainText('raio');
    await page.mouse.move(x + 80, y, { steps: 5 });
    await page.mouse.click(x + 80, y);
    await page.getByTestId('drawing-done').click();
    await expect(page.getByTestId('shape-summary')).toContainText('Círculo');
    await page.getByTestId('entity-save').click();
    const row = page.getByTestId('entity-row').filter({ hasText: name });
    await expect(row).toBeVisible();

    const stored = ((await (await page.request.get('/api/geofences')).json()) as { name: string; area: string; attributes: { speedLimit?: number } }[]).find((g) => g.name === name)!;
    expect(stored.area).toMatch(/^CIRCLE \(-?\d+\.?\d* -?\d+\.?\d*, \d+\.?\d*\)$/);
    expect(stored.attributes.speedLimit).toBeCloseTo(80 / 1.852, 3);

    await row.click();
    await field(page, 'name').fill(`${name} (2)`);
    await page.getByTestId('entity-save').click();
    const renamed = page.getByTestId('entity-row').filter({ hasText: `${name} (2)` });
    await expect(renamed).toBeVisible();
    await page.locator('li', { has: renamed }).getByTestId('entity-delete').click();
    await page.getByTestId('confirm').click();
    await expect(renamed).toBeHidden();
  });

  test('users: create, edit, refuse a duplicate, delete', async ({ page }) => {
    const email = `e2e${Date.now() % 100000}`;
    await page.goto('/users');
    await page.getByTestId('entity-add').click();
    await field(page, 'name').fill('Usuária Teste');
    await field(page, 'email').fill(email);
    await field(page, 'password').fill('senha1');
    await field(page, 'passwordConfirm').fill('senha1');
    await save(page);
    const row = page.getByTestId('entity-row').filter({ hasText: email });
    await expect(row).toBeVisible();

    await page.getByTestId('entity-add').click();
    await field(page, 'name').fill('Outra Pessoa');
    await field(page, 'email').fill(email);
    await field(page, 'password').fill('senha1');
    await field(page, 'passwordConfirm').fill('senha1');
    await page.getByTestId('entity-save').click();
    await expect(page.getByTestId('entity-error')).toHaveText('Usuário já cadastrado');
    await page.getByRole('button', { name: 'Cancelar' }).click();

    await row.click();
    await field(page, 'name').fill('Usuária Editada');
    await save(page);
    await expect(page.getByTestId('entity-row').filter({ hasText: 'Usuária Editada' })).toBeVisible();
    await page.locator('li', { has: page.getByTestId('entity-row').filter({ hasText: email }) }).getByTestId('entity-delete').click();
    await page.getByTestId('confirm').click();
    await expect(page.getByTestId('entity-row').filter({ hasText: email })).toBeHidden();
  });

  test('server, account, theme and integration dialogs save', async ({ page }) => {
    await page.goto('/server');
    await field(page, 'attributes.web.selectZoom').fill('16');
    await saveSettings(page);
    expect(((await (await page.request.get('/api/server')).json()) as { attributes: Record<string, unknown> }).attributes['web.selectZoom']).toBe(16);

    await page.goto('/account');
    await field(page, 'phone').fill('+55 11 99999-0000');
    await saveSettings(page);

    await page.goto('/theme');
    await field(page, 'attributes.serviceName').fill('Frota E2E');
    await saveSettings(page);
    expect(((await (await page.request.get('/tarkan/theme')).json()) as Record<string, unknown>).serviceName).toBe('Frota E2E');

    await page.goto('/integrations/email');
    for (const [key, value] of [['username', 'smtp-user'], ['password', 'smtp-pass'], ['senderEmail', 'frota@example.com'], ['senderName', 'Frota'], ['smtpHost', 'smtp.example.com'], ['smtpPort', '587']]) {
      await field(page, `list.${key}`).fill(value);
    }
    await saveSettings(page);
    const integrations = (await (await page.request.get('/tarkan/integrations')).json()) as { key: string; list: Record<string, unknown> }[];
    expect(integrations.find((i) => i.key === 'email')?.list).toMatchObject({ username: 'smtp-user', password: '••••••', smtpPort: 587 });
  });

  test('shares, autolink and link objects', async ({ page }) => {
    // a share link for the first device
    const devices = (await (await page.request.get('/api/devices')).json()) as { id: number; name: string }[];
    await page.goto('/shares');
    await page.getByTestId('entity-add').click();
    await choose(page, 'Dispositivo', devices[0].name);
    await save(page);
    const share = page.getByTestId('entity-row').filter({ hasText: devices[0].name });
    await expect(share).toBeVisible();
    await page.locator('li', { has: share }).getByTestId('entity-delete').click();
    await page.getByTestId('confirm').click();
    await expect(share).toBeHidden();

    // an unknown tracker reports over OsmAnd, then is claimed by name
    const uniqueId = `autolink${Date.now() % 100000}`;
    await fetch(`http://127.0.0.1:${E2E_OSMAND_PORT}/?id=${uniqueId}&lat=-23.55&lon=-46.63&timestamp=${Math.floor(Date.now() / 1000)}`).catch(() => undefined);
    await page.goto('/autolink');
    await page.getByText(uniqueId).click();
    await field(page, 'name').fill('Rastreador reivindicado');
    await save(page);
    expect(((await (await page.request.get('/api/devices')).json()) as { uniqueId: string }[]).some((d) => d.uniqueId === uniqueId)).toBe(true);

    // link a device to a geofence
    const geofence = (await (await page.request.post('/api/geofences', { data: { name: 'E2E vínculo', area: 'CIRCLE (-23.55 -46.63, 100)' } })).json()) as { id: number };
    await page.goto(`/links/device/${devices[0].id}`);
    await page.getByTestId('links-geofences').click();
    await page.getByLabel('E2E vínculo').click();
    await expect.poll(async () => ((await (await page.request.get(`/api/geofences?deviceId=${devices[0].id}`)).json()) as { id: number }[]).some((g) => g.id === geofence.id)).toBe(true);
  });
});

test.describe('notifications and permissions editors', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page);
  });

  test('a web rule styles its toasts; the test button confirms and shows one', async ({ page }) => {
    // the test event's rule: pinned, red, top-left
    await page.request.post('/api/notifications', {
      data: { type: 'test', notificators: 'web', always: true, attributes: { 'tarkan.color': 'red', 'tarkan.pin': true, 'tarkan.position': 'top-left', 'tarkan.sound': 'none' } },
    });
    await page.goto('/notifications');
    await page.getByTestId('notification-test').click();
    await expect(page.getByTestId('notice')).toHaveText('Notificação de teste enviada');
    const toast = page.getByTestId('toasts-top-left').getByTestId('event-toast');
    await expect(toast).toBeVisible();
    await expect(toast).toHaveCSS('background-color', 'rgb(211, 47, 47)');
    // that a pinned toast outlives the 7 s is EventToasts.test.tsx's, on a clock it controls
  });

  test('the advanced-permission grid writes tarkan.advancedPerms', async ({ page }) => {
    const server = (await (await page.request.get('/api/server')).json()) as { attributes: Record<string, unknown> };
    const put = (on: boolean) => page.request.put('/api/server', { data: { ...server, attributes: { ...server.attributes, 'tarkan.enableAdvancedPerms': on } } });
    expect((await put(true)).ok()).toBe(true);
    try {
      const email = `perm${Date.now() % 100000}`;
      const user = (await (await page.request.post('/api/users', { data: { name: 'Permissões', email, password: 'senha123' } })).json()) as { id: number };
      await page.goto('/users');
      await page.getByTestId('entity-row').filter({ hasText: email }).click();
      await page.getByRole('checkbox', { name: 'Cercas: Ver' }).check();
      await page.getByRole('checkbox', { name: 'Cercas: Criar' }).check();
      await save(page);
      const saved = (await (await page.request.get(`/api/users/${user.id}`)).json()) as { attributes: Record<string, unknown> };
      // bits 40 and 41: the eleventh hex digit is 1100
      expect(saved.attributes['tarkan.advancedPerms']).toBe('0000000000c000000000000000000000');
    } finally {
      await put(false);
    }
  });

  test('a manager may grant only the bits he holds', async ({ page, browser }) => {
    const server = (await (await page.request.get('/api/server')).json()) as { attributes: Record<string, unknown> };
    const put = (on: boolean) => page.request.put('/api/server', { data: { ...server, attributes: { ...server.attributes, 'tarkan.enableAdvancedPerms': on } } });
    expect((await put(true)).ok()).toBe(true);
    try {
      const own = grant(['users', 'view'], ['users', 'create'], ['users', 'edit'], ['users', 'selfEdit'], ['geofences', 'view']);
      const email = `grantor${Date.now() % 100000}`;
      const created = await page.request.post('/api/users', { data: { name: 'Gerente', email, password: 'senha123', userLimit: 5, attributes: { [ADVANCED_PERMISSIONS_KEY]: own } } });
      expect(created.ok()).toBe(true);
      const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'pt-BR' });
      const manager = await context.newPage();
      await signIn(manager, email, 'senha123');
      const sub = `sub${Date.now() % 100000}`;
      expect((await manager.request.post('/api/users', { data: { name: 'Subordinado', email: sub, password: 'senha123' } })).ok()).toBe(true);
      await manager.goto('/users');
      await manager.getByTestId('entity-row').filter({ hasText: sub }).click();
      // his own bit can be granted; one he lacks is offered disabled
      await expect(manager.getByRole('checkbox', { name: 'Cercas: Ver' })).toBeEnabled();
      await expect(manager.getByRole('checkbox', { name: 'Dispositivos: Criar' })).toBeDisabled();
      await manager.getByTestId('permission-grid').scrollIntoViewIfNeeded();
      await manager.screenshot({ path: path.resolve(import.meta.dirname, '../../../test-results/e2e-permission-grid-manager.png') });
      await manager.getByRole('checkbox', { name: 'Cercas: Ver' }).check();
      await save(manager);
      const saved = (await (await manager.request.get('/api/users')).json()) as { email: string; attributes: Record<string, unknown> }[];
      expect(saved.find((u) => u.email === sub)?.attributes[ADVANCED_PERMISSIONS_KEY]).toBe(grant(['geofences', 'view']));
      await context.close();
    } finally {
      await put(false);
    }
  });
});

/** What each role's menus and lists offer (spec §6). */
test.describe('roles', () => {
  async function asUser(browser: Browser, admin: Page, user: Record<string, unknown>): Promise<Page> {
    const email = `role${Date.now() % 1000000}${Math.floor(Math.random() * 1000)}`;
    const created = await admin.request.post('/api/users', { data: { name: `Papel ${email}`, email, password: 'senha123', ...user } });
    expect(created.ok()).toBe(true);
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'pt-BR' });
    const page = await context.newPage();
    await signIn(page, email, 'senha123');
    return page;
  }

  async function menuEntries(page: Page): Promise<string[]> {
    await page.goto('/home');
    await page.getByTestId('user-menu').click();
    const entries = await page.getByRole('menuitem').allInnerTexts();
    await page.keyboard.press('Escape');
    return entries;
  }

  test('administrator sees server, users, logs and theme', async ({ page }) => {
    await signIn(page);
    const entries = await menuEntries(page);
    for (const entry of ['Servidor', 'Usuários', 'Atributos computados', 'Notificações']) expect(entries).toContain(entry);
    await page.goto('/computed');
    await expect(page.getByTestId('entity-add')).toBeVisible();
  });

  test('manager sees users but not the server', async ({ page, browser }) => {
    await signIn(page);
    const manager = await asUser(browser, page, { userLimit: 5 });
    const entries = await menuEntries(manager);
    expect(entries).toContain('Usuários');
    expect(entries).not.toContain('Servidor');
    await manager.goto('/users');
    await expect(manager.getByTestId('entity-add')).toBeVisible();
  });

  test('regular user manages geofences but not users, server or computed attributes', async ({ page, browser }) => {
    await signIn(page);
    const regular = await asUser(browser, page, {});
    const entries = await menuEntries(regular);
    expect(entries).not.toContain('Usuários');
    expect(entries).not.toContain('Servidor');
    await regular.goto('/geofence');
    await expect(regular.getByTestId('entity-add')).toBeVisible();
    // computed attributes stay with administrators unless advanced permissions grant them
    expect(entries).not.toContain('Atributos computados');
    await regular.goto('/computed');
    await expect(regular).toHaveURL(/\/home/);
    await regular.goto('/server');
    await expect(regular).toHaveURL(/\/home/);
  });

  test('read-only user can look but not add', async ({ page, browser }) => {
    await signIn(page);
    const readonly = await asUser(browser, page, { readonly: true });
    for (const path of ['/geofence', '/groups', '/notifications', '/drivers']) {
      await readonly.goto(path);
      await expect(readonly.getByTestId('panel')).toBeVisible();
      await expect(readonly.getByTestId('entity-add')).toBeHidden();
    }
  });
});

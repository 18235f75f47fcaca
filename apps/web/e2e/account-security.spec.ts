import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { totpCode } from '../src/features/account/totp.ts';
import { E2E_PORT } from './playwright.config.ts';
import { signInRequest } from './fixtures.ts';

/** Where the screenshots of these screens go, to be looked at (desktop and phone). */
const SHOTS = '/tmp/shots';
const VIEWPORTS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;

async function shoot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    // let the layout settle at the new size (MUI dialogs and breakpoints re-render)
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png` });
  }
  if (size) await page.setViewportSize(size);
}

/** Creates a user through the administrator's API (a fresh e-mail per run of the suite's server). */
async function createUser(request: APIRequestContext, email: string, password: string): Promise<number> {
  await signInRequest(request);
  const response = await request.post('/api/users', { data: { name: 'Ana Souza', email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { id: number }).id;
}

/** The server offers two-step verification (Traccar's server attribute `totpEnable`). */
async function offerTotp(request: APIRequestContext): Promise<void> {
  await signInRequest(request);
  const server = (await (await request.get('/api/server')).json()) as { attributes: Record<string, unknown> };
  const saved = await request.put('/api/server', { data: { ...server, attributes: { ...server.attributes, totpEnable: true } } });
  expect(saved.status(), await saved.text()).toBe(200);
}

async function signIn(page: Page, email: string, password: string, remember = false): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Usuário ou e-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Lembrar-me').check();
  await page.getByRole('button', { name: 'Entrar' }).click();
}

test('lost password: the form, the e-mail, the page, the new password, the login', async ({ browser }) => {
  const mails: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push(data);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  try {
    const context = await browser.newContext({ locale: 'pt-BR', viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signInRequest(page.request);
    const configured = await page.request.post('/tarkan/integrations/email', {
      data: { smtpHost: '127.0.0.1', smtpPort: (smtp.server.address() as AddressInfo).port, senderEmail: 'nao-responda@frota.example' },
    });
    expect(configured.status(), await configured.text()).toBeLessThan(300);
    await createUser(page.request, 'ana.reset@frota.example', 'antiga-1');
    await page.request.delete('/api/session');

    await page.goto('/login');
    await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail').fill('ana.reset@frota.example');
    await shoot(page, 'forgot-password-form');
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expect(dialog).toContainText('Se o e-mail estiver cadastrado, você receberá as instruções para redefinir a senha.');
    await shoot(page, 'forgot-password-sent');

    await expect.poll(() => mails.length, { timeout: 15_000 }).toBe(1);
    const text = mails[0].replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = new URL(/http:\/\/\S+\/reset-password\?token=[\w-]+/.exec(text)![0]);
    expect(link.origin).toBe(`http://127.0.0.1:${E2E_PORT}`);

    await page.goto(link.pathname + link.search);
    await expect(page.getByRole('button', { name: 'Salvar senha' })).toBeVisible();
    await page.getByLabel('Nova senha', { exact: true }).fill('nova-senha-1');
    await page.getByLabel('Confirme a nova senha').fill('outra');
    await page.getByRole('button', { name: 'Salvar senha' }).click();
    await expect(page.getByText('As senhas não conferem.')).toBeVisible();
    await page.getByLabel('Confirme a nova senha').fill('nova-senha-1');
    await shoot(page, 'reset-password-page');
    await page.getByRole('button', { name: 'Salvar senha' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Senha alterada. Entre com a nova senha.')).toBeVisible();

    // the link is spent
    await page.goto(link.pathname + link.search);
    await page.getByLabel('Nova senha', { exact: true }).fill('terceira-1');
    await page.getByLabel('Confirme a nova senha').fill('terceira-1');
    await page.getByRole('button', { name: 'Salvar senha' }).click();
    await expect(page.getByText(/Este link é inválido ou já foi usado/)).toBeVisible();

    await signIn(page, 'ana.reset@frota.example', 'antiga-1');
    await expect(page.getByText('Desculpe, parece que você digitou dados incorretos.')).toBeVisible();
    await signIn(page, 'ana.reset@frota.example', 'nova-senha-1');
    await expect(page).toHaveURL(/\/home$/);
    await context.close();
  } finally {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
});

test('remember me keeps a revocable token, never the password, and survives the browser closing', async ({ browser }) => {
  const password = 'lembrar-senha-1';
  const context = await browser.newContext({ locale: 'pt-BR', viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  await createUser(page.request, 'ana.lembrar@frota.example', password);
  await page.request.delete('/api/session');

  // an earlier version left the password (base64) behind: it is gone as soon as the app loads
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('rastro.credentials', btoa(JSON.stringify({ email: 'ana', password: 'velha' }))));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('rastro.credentials'))).toBeNull();

  await signIn(page, 'ana.lembrar@frota.example', password, true);
  await expect(page).toHaveURL(/\/home$/);
  const stored = async () => page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
  await expect.poll(async () => (await stored())['rastro.sessionToken'] ?? null).not.toBeNull();
  const everything = JSON.stringify(await stored());
  expect(everything).not.toContain(password);
  expect(everything).not.toContain(Buffer.from(password).toString('base64').slice(0, 12));
  const token = (await stored())['rastro.sessionToken']!;

  // the browser closed: the session cookie is gone, the token signs in again
  await context.clearCookies();
  await page.reload();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('user-menu').first()).toContainText('Ana Souza');

  // logout revokes the token and forgets it
  await page.getByTestId('user-menu').first().click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect((await stored())['rastro.sessionToken']).toBeUndefined();
  const reuse = await browser.newContext();
  expect((await reuse.request.get(`/api/session?token=${encodeURIComponent(token)}`)).status()).toBe(401);
  await reuse.close();
  await context.close();
});

test('two-step verification: turned on in My account, then the login asks for the code', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'pt-BR', viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  await offerTotp(page.request);
  await createUser(page.request, 'ana.totp@frota.example', 'totp-senha-1');
  await page.request.delete('/api/session');

  await signIn(page, 'ana.totp@frota.example', 'totp-senha-1');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/account');
  await page.getByTestId('two-step-open').click();
  const dialog = page.getByTestId('two-step-dialog');
  await expect(dialog.getByTestId('totp-qr')).toBeVisible();
  const secret = (await dialog.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await shoot(page, 'totp-setup');
  // a wrong code saves nothing
  await dialog.getByTestId('totp-code').fill('000000');
  await dialog.getByTestId('totp-enable').click();
  await expect(dialog).toContainText('O código não confere.');
  const code = async () => totpCode(secret, Math.floor(Date.now() / 30_000));
  await dialog.getByTestId('totp-code').fill(await code());
  await dialog.getByTestId('totp-enable').click();
  await expect(dialog).toBeHidden();

  // next sign-in: the password alone is not enough
  await context.clearCookies();
  await signIn(page, 'ana.totp@frota.example', 'totp-senha-1');
  await expect(page.getByTestId('totp-code')).toBeVisible();
  await expect(page.getByText('Digite o código de 6 dígitos do seu aplicativo autenticador.')).toBeVisible();
  await shoot(page, 'totp-login-step');
  await page.getByTestId('totp-code').fill('123456' === (await code()) ? '654321' : '123456');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByText(/Código de verificação inválido/)).toBeVisible();
  await page.getByTestId('totp-code').fill(await code());
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await context.close();
});

/**
 * The server answers a set key as a mask (never the secret); the dialog reads "on" from it, and a
 * save of My account echoes the mask, which keeps the key. Turning it off saves null.
 */
test('two-step verification can be turned off again in My account', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'pt-BR', viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  await offerTotp(page.request);
  const userId = await createUser(page.request, 'ana.totp.off@frota.example', 'totp-senha-2');
  const secret = (await (await page.request.post('/api/users/totp')).text()).trim();
  const user = (await (await page.request.get('/api/users')).json() as { id: number }[]).find((u) => u.id === userId)!;
  expect((await page.request.put(`/api/users/${userId}`, { data: { ...user, totpKey: secret } })).status()).toBe(200);
  await page.request.delete('/api/session');
  const code = async () => totpCode(secret, Math.floor(Date.now() / 30_000));
  await signIn(page, 'ana.totp.off@frota.example', 'totp-senha-2');
  await page.getByTestId('totp-code').fill(await code());
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/account');
  await page.getByTestId('two-step-open').click();
  await page.getByTestId('totp-disable').click();
  await expect(page.getByTestId('two-step-dialog')).toBeHidden();
  await context.clearCookies();
  await signIn(page, 'ana.totp.off@frota.example', 'totp-senha-2');
  await expect(page).toHaveURL(/\/home$/);
  await context.close();
});

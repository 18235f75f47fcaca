import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_WEB_ROOT } from './playwright.config.ts';
import { signIn } from './fixtures.ts';

/** The service worker and the build's compressed copies of it, in the copy of the build the server serves. */
const WORKER_FILES = ['sw.js', 'sw.js.br', 'sw.js.gz'].map((name) => path.join(E2E_WEB_ROOT, name));

test('a new build deployed while the page is open is offered, and OK reloads into it', async ({ page }) => {
  await signIn(page);
  await page.goto('/home');
  // the page's service worker is this build's, and controls the page
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
  await expect(page.getByTestId('new-version')).toHaveCount(0);

  const saved = WORKER_FILES.filter((file) => fs.existsSync(file)).map((file) => ({ file, content: fs.readFileSync(file) }));
  try {
    // another build is deployed: its worker differs by its build id
    const worker = fs.readFileSync(WORKER_FILES[0], 'utf8');
    expect(worker).toMatch(/build \w+/);
    for (const file of WORKER_FILES.slice(1)) fs.rmSync(file, { force: true });
    fs.writeFileSync(WORKER_FILES[0], worker.replace(/build \w+/, 'build e2enextbuild'));
    // what a long-open page does every 15 minutes
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    await expect(page.getByTestId('new-version')).toContainText('Uma nova versão está disponível.');

    const reloaded = page.waitForEvent('load');
    await page.getByTestId('new-version').getByRole('button', { name: 'OK' }).click();
    await reloaded;
    await expect(page.getByTestId('map')).toBeVisible();
    await expect(page.getByTestId('new-version')).toHaveCount(0);
    // the page now runs under the new build's worker
    expect(await page.evaluate(async () => (await (await fetch((await navigator.serviceWorker.getRegistration())!.active!.scriptURL, { cache: 'no-store' })).text()).includes('e2enextbuild'))).toBe(true);
  } finally {
    fs.rmSync(WORKER_FILES[0], { force: true });
    for (const { file, content } of saved) fs.writeFileSync(file, content);
  }
});

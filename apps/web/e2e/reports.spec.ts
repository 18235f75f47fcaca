import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures.ts';

const shots = path.resolve(import.meta.dirname, '../../../test-results');

/** The report pages of spec §2, by path, and whether the demo fleet's last hour must fill them. */
const REPORTS = [
  { path: '/reports/resume', name: 'summary', rows: true },
  { path: '/reports/travels', name: 'trips', rows: false },
  { path: '/reports/stops', name: 'stops', rows: false },
  { path: '/reports/events', name: 'events', rows: false },
  { path: '/reports/history', name: 'route', rows: true },
];

/** A demo vehicle, once it has reported a few dozen positions. */
async function demoDevice(page: Page): Promise<{ id: number; name: string }> {
  const devices = (await (await page.request.get('/api/devices')).json()) as { id: number; name: string; uniqueId: string }[];
  const device = devices.find((candidate) => candidate.uniqueId === 'demo-001') ?? devices[0];
  expect(device, 'a demo device').toBeDefined();
  await expect
    .poll(
      async () => {
        const query = new URLSearchParams({ deviceId: String(device.id), from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date().toISOString() });
        const route = await page.request.get(`/api/reports/route?${query}`);
        return route.ok() ? ((await route.json()) as unknown[]).length : 0;
      },
      { timeout: 60_000, intervals: [2000] },
    )
    .toBeGreaterThanOrEqual(20);
  return device;
}

function lastHour(deviceId: number): string {
  const to = new Date();
  const from = new Date(to.getTime() - 3_600_000);
  return new URLSearchParams({ deviceId: String(deviceId), from: from.toISOString(), to: to.toISOString() }).toString();
}

test('each report runs over the last hour of a demo vehicle, shows rows or the empty state, and exports a spreadsheet', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page);
  const device = await demoDevice(page);

  for (const report of REPORTS) {
    await page.goto(`${report.path}?${lastHour(device.id)}`);
    const result = page.getByTestId('report-row').or(page.getByTestId('report-empty')).first();
    await expect(result, report.path).toBeVisible({ timeout: 60_000 });
    if (report.rows) await expect(page.getByTestId('report-row').first(), report.path).toBeVisible();
    await expect(page.getByTestId('report-error')).toHaveCount(0);
    await page.screenshot({ path: path.join(shots, `e2e-report-${report.name}.png`) });

    const download = page.waitForEvent('download');
    await page.getByTestId('report-export').click();
    const file = await download;
    expect(file.suggestedFilename(), report.path).toMatch(new RegExp(`^${report.name}_\\d{4}-\\d{2}-\\d{2}(_\\d{4}-\\d{2}-\\d{2})?\\.xlsx$`));
    const bytes = await readFile(await file.path());
    // an xlsx file is a zip archive
    expect(bytes.subarray(0, 2).toString('latin1'), report.path).toBe('PK');
  }
});

test('the chosen trip or route is drawn on the shared map', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page);
  const device = await demoDevice(page);
  await page.goto(`/reports/history?${lastHour(device.id)}`);
  await expect(page.getByTestId('report-row').first()).toBeVisible({ timeout: 60_000 });
  const routeLayers = () =>
    page.evaluate(() => {
      const map = (window as unknown as { __rastroMap?: { getStyle: () => { layers: { id: string; type: string }[] } } }).__rastroMap;
      return map?.getStyle().layers.filter((layer) => layer.id.startsWith('report') && layer.type === 'line').length ?? 0;
    });
  await expect.poll(routeLayers).toBe(1);
  // leaving the report takes its drawing off the map
  await page.getByRole('button', { name: 'Voltar', exact: true }).click();
  await expect(page).toHaveURL(/\/reports\?deviceId=/);
  await expect.poll(routeLayers).toBe(0);
});

test('a report filter chosen in the form lands in the URL and survives a reload', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  const device = await demoDevice(page);
  await page.goto('/reports');
  await page.getByRole('link', { name: /Viagens/ }).click();
  await expect(page).toHaveURL(/\/reports\/travels$/);
  await expect(page.getByTestId('report-hint')).toBeVisible();

  await page.getByRole('combobox', { name: 'Dispositivos' }).fill(device.name);
  await page.getByRole('option', { name: device.name }).click();
  // the device list stays open for choosing several
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Período' }).click();
  await page.getByRole('option', { name: 'Ontem' }).click();
  await page.getByRole('button', { name: 'Mostrar' }).click();
  await expect(page).toHaveURL(new RegExp(`deviceId=${device.id}&period=yesterday`));
  await expect(page.getByTestId('report-row').or(page.getByTestId('report-empty')).first()).toBeVisible({ timeout: 60_000 });

  await page.reload();
  await expect(page.getByTestId('report-filter-summary')).toContainText('Ontem');
  await expect(page.getByTestId('report-filter-summary')).toContainText(device.name);
  await page.screenshot({ path: path.join(shots, 'e2e-report-filter-phone.png') });
});

test('history plays the route back, with a chart of the same period one click away', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page);
  const device = await demoDevice(page);
  await page.goto(`/history?${lastHour(device.id)}`);
  const counter = page.getByTestId('playback-counter');
  await expect(counter).toHaveText(/^1 \/ \d+$/, { timeout: 60_000 });
  await expect(page.getByTestId('playback-summary')).toBeVisible();

  // 2×: four positions a second, slow enough to pause before the end of a young demo route
  await page.getByRole('combobox', { name: 'Velocidade' }).click();
  await page.getByRole('option', { name: '2×' }).click();
  await page.getByTestId('playback-play').click();
  await expect.poll(async () => Number((await counter.textContent())?.split(' / ')[0]), { timeout: 10_000, intervals: [100] }).toBeGreaterThan(3);
  await page.getByTestId('playback-pause').click();
  const paused = await counter.textContent();
  await page.waitForTimeout(1000);
  await expect(counter).toHaveText(paused!);
  await expect(page.getByTestId('playback-position')).toContainText('km/h');
  await page.screenshot({ path: path.join(shots, 'e2e-history.png') });

  await page.getByRole('link', { name: 'Gráfico' }).click();
  await expect(page).toHaveURL(/\/reports\/graphic\?deviceId=/);
  await expect(page.getByRole('img', { name: /Velocidade/ })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('graphic-stats')).toContainText('km/h');
  await page.screenshot({ path: path.join(shots, 'e2e-graphic.png') });
});

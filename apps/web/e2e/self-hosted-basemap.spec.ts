import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures.ts';
import { E2E_BASEMAP_FILE } from './playwright.config.ts';
import { PLACES, writeBasemapExtract } from './support/basemap-extract.ts';

/**
 * The self-hosted vector basemap (issue 17): a PMTiles extract in the server's data folder draws
 * streets, water and names with no internet at all. The extract is made here, in Protomaps'
 * schema, from the demo fleet's own streets (support/basemap-extract.ts); the street map's tiles
 * are out of reach (the run's proxy points at a closed port: playwright.config.ts), so the map
 * gives way to the server's basemap by itself.
 */

const shots = path.resolve(import.meta.dirname, '../../../test-results');

/** What this spec reads of the shell's map (MapView exposes it as window.__rastroMap). */
interface TestMap {
  jumpTo: (view: { center: [number, number]; zoom: number }) => void;
  queryRenderedFeatures: (options: { layers: string[] }) => { properties: Record<string, unknown> }[];
  getLayer: (id: string) => unknown;
  getPaintProperty: (layer: string, name: string) => unknown;
  areTilesLoaded: () => boolean;
}

/** The names of the features the given basemap layers draw once the map shows `center` at `zoom`, when all of its tiles are in. */
function namesAt(page: Page, layers: string[], center: [number, number], zoom: number): Promise<string[] | null> {
  return page.evaluate(({ layers: ids, center: at, zoom: level }) => {
    const map = (window as unknown as { __rastroMap?: TestMap }).__rastroMap;
    if (!map || ids.some((id) => !map.getLayer(id))) return null;
    map.jumpTo({ center: at, zoom: level });
    if (!map.areTilesLoaded()) return null;
    return map.queryRenderedFeatures({ layers: ids }).map((feature) => String(feature.properties.name));
  }, { layers, center, zoom });
}

/**
 * How many of the extract's places the map names at `center` and `zoom`. Labels give way to the
 * vehicles' (drawn above them) and to each other, and the demo fleet keeps moving: which places
 * are named depends on where it is, so the tests ask for several, not for given ones.
 */
async function placesNamedAt(page: Page, center: [number, number], zoom: number): Promise<number> {
  const names = await namesAt(page, ['basemap-places'], center, zoom);
  return new Set((names ?? []).filter((name) => PLACES.some((place) => place.name === name))).size;
}

/** The map's markers and the fallback notice settle before a screenshot. */
async function shoot(page: Page, name: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => (window as unknown as { __rastroMap: TestMap }).__rastroMap.areTilesLoaded())).toBe(true);
  await page.screenshot({ path: path.join(shots, name) });
}

test.describe('the self-hosted basemap', () => {
  test.beforeAll(() => {
    const bytes = writeBasemapExtract(E2E_BASEMAP_FILE);
    // a real extract but a small one: a few dozen tiles over the fleet's streets
    expect(bytes).toBeLessThan(64 * 1024);
  });
  test.afterAll(() => fs.rmSync(E2E_BASEMAP_FILE, { force: true }));

  test('without internet the map draws the streets, water and places of the server\'s PMTiles extract', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const reads: { status: number; range: string | undefined }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/tarkan/basemap.pmtiles') reads.push({ status: response.status(), range: response.request().headers().range });
    });
    await signIn(page);
    await page.goto('/home');

    // the street map fails, the server's basemap takes its place and the notice says so
    await expect(page.getByTestId('map-fallback')).toContainText('Mapa de ruas indisponível: exibindo o mapa deste servidor');

    // the city and its districts over the fleet
    await expect.poll(() => placesNamedAt(page, [-46.635, -23.545], 13), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    await shoot(page, 'e2e-basemap-desktop.png');

    // close by, the avenue the first demo car drives on, named along it
    await expect.poll(() => namesAt(page, ['basemap-road-names'], [-46.6536, -23.5637], 16), { timeout: 30_000 })
      .toContain('Avenida Paulista');
    await shoot(page, 'e2e-basemap-street.png');

    // the Tietê north of the Marginal
    await expect.poll(() => namesAt(page, ['basemap-water'], [-46.62, -23.5175], 15), { timeout: 30_000 }).toContain('Rio Tietê');

    // PMTiles reads the one file by byte ranges, which the server answers as such
    expect(reads.length).toBeGreaterThan(1);
    expect(reads).toEqual(reads.map(() => ({ status: 206, range: expect.stringMatching(/^bytes=\d+-\d+$/) })));

    // the dark theme paints it anew
    const lightLand = await page.evaluate(() => (window as unknown as { __rastroMap: TestMap }).__rastroMap.getPaintProperty('basemap-earth', 'fill-color'));
    await page.getByTestId('user-menu').click();
    await page.getByTestId('theme-toggle').click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __rastroMap: TestMap }).__rastroMap.getPaintProperty('basemap-earth', 'fill-color')))
      .not.toEqual(lightLand);
    await expect.poll(() => placesNamedAt(page, [-46.635, -23.545], 13), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    await shoot(page, 'e2e-basemap-desktop-dark.png');
    await expect.poll(() => namesAt(page, ['basemap-road-names'], [-46.6536, -23.5637], 16), { timeout: 30_000 }).toContain('Avenida Paulista');
    await shoot(page, 'e2e-basemap-street-dark.png');
  });

  test('on a phone the basemap draws the same streets and names', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await page.goto('/home');
    await expect(page.getByTestId('map-fallback')).toBeVisible();
    await expect.poll(() => placesNamedAt(page, [-46.64, -23.55], 13), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await shoot(page, 'e2e-basemap-phone.png');
    await expect.poll(() => namesAt(page, ['basemap-road-names'], [-46.6536, -23.5637], 16), { timeout: 30_000 }).toContain('Avenida Paulista');
    await shoot(page, 'e2e-basemap-phone-street.png');
  });
});

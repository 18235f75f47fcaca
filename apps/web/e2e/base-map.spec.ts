import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures.ts';

/**
 * The base map: a street map by default, its tiles from the server's tile proxy; when they cannot
 * be fetched the map falls back by itself to the offline atlas and says so. The proxy's own
 * behaviour (cache, upstream, errors) is tested against a stand-in provider in
 * apps/server/test/tiles.test.ts; here the browser's side of it, with /tarkan/tiles answered by the test.
 */

/** A street-like tile painted by the browser itself: a pale ground and two white roads. */
async function streetTile(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(256, 256);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.fillStyle = '#efe9dc';
    context.fillRect(0, 0, 256, 256);
    context.fillStyle = '#ffffff';
    context.fillRect(0, 120, 256, 16);
    context.fillRect(120, 0, 16, 256);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  });
  return Buffer.from(bytes);
}

/** What this spec reads of the shell's map (MapView exposes it as window.__rastroMap). */
type WithMap = { __rastroMap?: { getSource: (id: string) => unknown; getLayer: (id: string) => unknown } };

/** The tile URLs of the raster base layer the map draws, or null when it draws none. */
function rasterTiles(page: Page): Promise<string[] | null> {
  return page.evaluate(() => {
    const source = (window as unknown as WithMap).__rastroMap?.getSource('raster-tiles') as { tiles?: string[] } | undefined;
    return source?.tiles ?? null;
  });
}

test('the map draws streets by default, through the server tile proxy', async ({ page }) => {
  await signIn(page);
  await page.goto('/login');
  const tile = await streetTile(page);
  const asked: string[] = [];
  await page.route('**/tarkan/tiles/osm/**', async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    await route.fulfill({ status: 200, contentType: 'image/png', body: tile });
  });
  await page.goto('/home');
  await expect(page.getByTestId('map')).toBeVisible();

  await expect.poll(() => rasterTiles(page)).toEqual([expect.stringMatching(/\/tarkan\/tiles\/osm\/\{z\}\/\{x\}\/\{y\}$/)]);
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  expect(asked.every((path) => /^\/tarkan\/tiles\/osm\/\d+\/\d+\/\d+$/.test(path))).toBe(true);
  await expect(page.getByTestId('map-fallback')).toHaveCount(0);

  // the options panel names it as the chosen base map
  await page.getByTestId('map-options').click();
  await expect(page.getByRole('radio', { name: 'OpenStreetMap' })).toBeChecked();
});

test('when street tiles cannot be fetched the map falls back to the offline atlas by itself', async ({ page }) => {
  await signIn(page);
  await page.goto('/login');
  // painted once, before any tile is asked for: a route still painting when the test ends fails it
  const tile = await streetTile(page);
  let failing = true;
  await page.route('**/tarkan/tiles/osm/**', (route) =>
    failing
      ? route.fulfill({ status: 502, contentType: 'text/plain', body: 'Tile provider unreachable' })
      : route.fulfill({ status: 200, contentType: 'image/png', body: tile }));
  await page.goto('/home');

  const notice = page.getByTestId('map-fallback');
  await expect(notice).toContainText('Mapa de ruas indisponível: exibindo o atlas offline');
  await expect.poll(() => rasterTiles(page)).toBeNull();
  // the atlas is still drawn beneath
  expect(await page.evaluate(() => Boolean((window as unknown as WithMap).__rastroMap?.getLayer('fallback-land')))).toBe(true);

  // once the tiles come back, trying again draws the streets
  failing = false;
  await notice.getByRole('button', { name: 'Tentar de novo' }).click();
  await expect(notice).toHaveCount(0);
  await expect.poll(() => rasterTiles(page)).not.toBeNull();
});

test('with the tile provider out of reach, the proxy answers 502 and the map shows the offline atlas', async ({ page }) => {
  // no stand-in: this run's server points its proxy at a closed port (playwright.config.ts)
  await signIn(page);
  const failed = page.waitForResponse((response) => response.url().includes('/tarkan/tiles/osm/') && response.status() === 502);
  await page.goto('/home');
  await failed;
  await expect(page.getByTestId('map-fallback')).toBeVisible();
  await expect.poll(() => rasterTiles(page)).toBeNull();
});

import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures.ts';

/**
 * Issue 6 / spec §4: an existing geofence's shape is edited on the map point by point (polygons
 * and lines with terra-draw, circles by their centre and radius handles); 'Concluir' keeps the
 * edit in the form until Save, Cancel restores the shape untouched.
 */

type LonLat = [number, number];
interface StoredGeofence {
  id: number;
  name: string;
  area: string;
}
/** What the tests read of the shell's map (MapView exposes it as window.__rastroMap). */
interface TestMap {
  project: (lngLat: LonLat) => { x: number; y: number };
  getStyle: () => { layers: { id: string }[] };
  queryRenderedFeatures: (options: { layers: string[] }) => { properties: Record<string, unknown>; geometry: { type: string; coordinates: LonLat } }[];
}
type WithMap = { __rastroMap: TestMap };

// Campinas: away from the demo fleet in São Paulo, whose markers would take the clicks
const SQUARE = 'POLYGON ((-22.9 -47.07, -22.9 -47.06, -22.91 -47.06, -22.91 -47.07, -22.9 -47.07))';
const NORTH_EAST: LonLat = [-47.06, -22.9];

async function create(page: Page, name: string, area: string): Promise<StoredGeofence> {
  const response = await page.request.post('/api/geofences', { data: { name, area } });
  expect(response.status()).toBe(200);
  return (await response.json()) as StoredGeofence;
}

async function stored(page: Page, id: number): Promise<StoredGeofence> {
  const all = (await (await page.request.get('/api/geofences')).json()) as StoredGeofence[];
  return all.find((g) => g.id === id)!;
}

/** `lat lon` pairs of a WKT polygon as [lon, lat], without the closing point. */
function polygonPoints(area: string): LonLat[] {
  const body = /^POLYGON \(\((.*)\)\)$/.exec(area)![1];
  const points = body.split(', ').map((pair) => pair.split(' ').map(Number).reverse() as LonLat);
  return points.slice(0, -1);
}

/** Shoelace area in square degrees: enough to tell which way it changed. */
function planarArea(points: LonLat[]): number {
  return Math.abs(points.reduce((sum, [x1, y1], i) => {
    const [x2, y2] = points[(i + 1) % points.length];
    return sum + x1 * y2 - x2 * y1;
  }, 0)) / 2;
}

/** Page coordinates of a point on the map. */
async function onScreen(page: Page, lngLat: LonLat): Promise<{ x: number; y: number }> {
  const box = (await page.locator('canvas.maplibregl-canvas').boundingBox())!;
  const point = await page.evaluate((at) => (window as unknown as WithMap).__rastroMap.project(at), lngLat);
  return { x: box.x + point.x, y: box.y + point.y };
}

async function drag(page: Page, from: { x: number; y: number }, dx: number, dy: number): Promise<void> {
  await page.mouse.move(from.x, from.y, { steps: 2 });
  await page.mouse.down();
  await page.mouse.move(from.x + dx / 2, from.y + dy / 2, { steps: 5 });
  await page.mouse.move(from.x + dx, from.y + dy, { steps: 5 });
  await page.mouse.up();
}

/** terra-draw (its own chunk) is ready when its layers are on the map. */
async function terraDrawReady(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => (window as unknown as WithMap).__rastroMap.getStyle().layers.some((l) => l.id.startsWith('td-')))).toBe(true);
}

async function openShapeEditor(page: Page, name: string): Promise<void> {
  await page.goto('/geofence');
  await page.getByTestId('entity-row').filter({ hasText: name }).click();
  await expect(page.getByTestId('geofence-editor')).toBeVisible();
  await page.getByTestId('edit-shape').click();
  // spec §2/§4: the panel gives way to 'Concluir' and Cancel; an existing shape starts completed (state 3)
  await expect(page.getByTestId('drawing-bar')).toHaveAttribute('data-state', '3');
  await expect(page.getByTestId('panel')).toBeHidden();
}

test.describe('editing a geofence shape (desktop)', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);
  });

  test('drag a polygon vertex, Concluir, Save: the area grows and keeps its points', async ({ page }, info) => {
    const name = `E2E polígono ${Date.now() % 100000}`;
    const geofence = await create(page, name, SQUARE);
    await openShapeEditor(page, name);
    await terraDrawReady(page);
    await expect(page.getByTestId('drawing-measure')).toContainText('4 pontos');
    await page.screenshot({ path: info.outputPath('polygon-edit-desktop-before.png') });

    // the north-east corner, outwards (east and north)
    await drag(page, await onScreen(page, NORTH_EAST), 70, -50);
    await expect(page.getByTestId('drawing-measure')).toContainText('4 pontos');
    await page.screenshot({ path: info.outputPath('polygon-edit-desktop-dragged.png') });
    await page.getByTestId('drawing-done').click();
    await expect(page.getByTestId('drawing-bar')).toBeHidden();
    await expect(page.getByTestId('shape-summary')).toContainText('Polígono com 4 pontos');
    await page.screenshot({ path: info.outputPath('polygon-edit-desktop-panel.png') });
    await page.getByTestId('entity-save').click();
    await expect(page.getByTestId('entity-row').filter({ hasText: name })).toBeVisible();

    const after = await stored(page, geofence.id);
    expect(after.area).toMatch(/^POLYGON \(\(/);
    const before = polygonPoints(SQUARE);
    const points = polygonPoints(after.area);
    expect(points).toHaveLength(before.length);
    expect(planarArea(points)).toBeGreaterThan(planarArea(before) * 1.05);
    // lat before lon on the wire: the moved corner went east (larger lon) and north (larger lat)
    expect(points[1][0]).toBeGreaterThan(NORTH_EAST[0]);
    expect(points[1][1]).toBeGreaterThan(NORTH_EAST[1]);
    // the other corners did not move
    expect([points[0], points[2], points[3]]).toEqual([before[0], before[2], before[3]]);
  });

  test('Cancel restores the original polygon after a drag and a right-click delete', async ({ page }) => {
    const name = `E2E cancelar ${Date.now() % 100000}`;
    const geofence = await create(page, name, SQUARE);
    await openShapeEditor(page, name);
    await terraDrawReady(page);

    await drag(page, await onScreen(page, NORTH_EAST), -40, 40);
    const southWest = await onScreen(page, [-47.07, -22.91]);
    await page.mouse.click(southWest.x, southWest.y, { button: 'right' });
    await expect(page.getByTestId('drawing-measure')).toContainText('3 pontos');
    await page.getByTestId('drawing-cancel').click();
    await expect(page.getByTestId('drawing-bar')).toBeHidden();
    await expect(page.getByTestId('shape-summary')).toContainText('Polígono com 4 pontos');
    await page.getByTestId('entity-save').click();
    await expect(page.getByTestId('entity-row').filter({ hasText: name })).toBeVisible();
    expect((await stored(page, geofence.id)).area).toBe(SQUARE);
  });

  test('drag a circle radius handle: the radius grows, the centre stays', async ({ page }, info) => {
    const name = `E2E círculo ${Date.now() % 100000}`;
    const geofence = await create(page, name, 'CIRCLE (-22.9 -47.06, 300)');
    await openShapeEditor(page, name);
    await expect(page.getByTestId('drawing-measure')).toContainText('raio de 300 m');
    await expect(page.getByTestId('drawing-measure')).toContainText('0,28 km²');
    const handle = async (role: string): Promise<LonLat> => {
      let at: LonLat | undefined;
      await expect.poll(async () => {
        // plain values only: MapLibre's features do not survive serialisation
        at = await page.evaluate(
          (wanted) => (window as unknown as WithMap).__rastroMap.queryRenderedFeatures({ layers: ['geofence-circle-edit-handles'] }).find((f) => f.properties.role === wanted)?.geometry.coordinates,
          role,
        );
        return !!at;
      }).toBe(true);
      return at!;
    };
    const edge = await onScreen(page, await handle('radius'));
    await drag(page, edge, 60, 0);
    await expect(page.getByTestId('drawing-measure')).not.toContainText('raio de 300 m');
    await page.screenshot({ path: info.outputPath('circle-edit-desktop.png') });

    // Cancel first: nothing changed
    await page.getByTestId('drawing-cancel').click();
    await expect(page.getByTestId('shape-summary')).toContainText('raio de 300 m');

    await page.getByTestId('edit-shape').click();
    await drag(page, await onScreen(page, await handle('radius')), 60, 0);
    await page.getByTestId('drawing-done').click();
    await expect(page.getByTestId('shape-summary')).not.toContainText('raio de 300 m');
    await page.getByTestId('entity-save').click();
    await expect(page.getByTestId('entity-row').filter({ hasText: name })).toBeVisible();

    const area = (await stored(page, geofence.id)).area;
    const match = /^CIRCLE \((-22\.9) (-47\.06), (\d+(?:\.\d)?)\)$/.exec(area);
    expect(match, area).not.toBeNull();
    expect(Number(match![3])).toBeGreaterThan(330);
  });
});

test.describe('editing a geofence shape (phone)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the editing bar and touch-sized handles fit a phone', async ({ page }, info) => {
    await signIn(page);
    const polygon = `E2E fone ${Date.now() % 100000}`;
    await create(page, polygon, SQUARE);
    await openShapeEditor(page, polygon);
    await terraDrawReady(page);
    await expect(page.getByTestId('drawing-done')).toBeInViewport();
    await expect(page.getByTestId('drawing-delete-vertex')).toBeDisabled();
    // a tap on a vertex picks it for the delete button
    const corner = await onScreen(page, NORTH_EAST);
    await page.touchscreen.tap(corner.x, corner.y);
    await expect(page.getByTestId('drawing-delete-vertex')).toBeEnabled();
    await page.screenshot({ path: info.outputPath('polygon-edit-phone.png') });
    await page.getByTestId('drawing-delete-vertex').click();
    await expect(page.getByTestId('drawing-measure')).toContainText('3 pontos');
    await page.getByTestId('drawing-cancel').click();
    await expect(page.getByTestId('shape-summary')).toContainText('Polígono com 4 pontos');
    await page.screenshot({ path: info.outputPath('polygon-panel-phone.png') });

    const circle = `E2E fone círculo ${Date.now() % 100000}`;
    await create(page, circle, 'CIRCLE (-22.9 -47.06, 300)');
    await openShapeEditor(page, circle);
    await expect(page.getByTestId('drawing-measure')).toContainText('raio de 300 m');
    await page.screenshot({ path: info.outputPath('circle-edit-phone.png') });
  });
});

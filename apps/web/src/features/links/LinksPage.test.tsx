// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupComponentTests } from '../../testing/app.tsx';
import { makeDevice, makeUser } from '../../testing/fixtures.ts';
import { expectNotice } from '../../testing/saves.ts';
import LinksPage from './LinksPage.tsx';

/** Linking objects to a device (spec §2): each tick is saved at once and says so, a refusal leaves the tick as it was. */
const app = setupComponentTests();
const manager = makeUser({ id: 1 });
const truck = makeDevice({ id: 5, name: 'Truck 5' });
const depot = { id: 7, name: 'Depot', description: '', area: 'CIRCLE (-23.5 -46.6, 100)', calendarId: null, attributes: {} };

async function openGeofences(linked: number[]) {
  app.api.json('GET', '/api/devices', [truck]);
  app.api.on('GET', '/api/geofences', (request) => ({ json: request.query.get('deviceId') === '5' ? [depot].filter((g) => linked.includes(g.id)) : [depot] }));
  for (const path of ['/api/notifications', '/api/drivers', '/api/attributes/computed', '/api/commands', '/api/maintenance']) app.api.json('GET', path, []);
  const view = await app.render(<LinksPage />, { path: '/links/device/5', route: '/links/:kind/:id', user: manager });
  const section = screen.getByTestId('links-geofences');
  await view.user.click(within(section).getByText('Geofences'));
  const box = await within(section).findByRole<HTMLInputElement>('checkbox', { name: 'Depot' });
  await waitFor(() => expect(box.disabled).toBe(false));
  return { view, section, box };
}

describe('links dialog', () => {
  it('links a geofence and says so', async () => {
    app.api.on('POST', '/api/permissions', { status: 204 });
    const { view, box } = await openGeofences([]);
    expect(box.checked).toBe(false);
    await view.user.click(box);
    await expectNotice('Linked: Depot.');
    expect(app.api.received('POST', '/api/permissions')[0].json()).toEqual({ deviceId: 5, geofenceId: 7 });
  });

  it("unlinks one, and on a refusal tells it in words and keeps the tick", async () => {
    app.api.on('DELETE', '/api/permissions', { status: 400, text: 'Write access denied' });
    const { view, section, box } = await openGeofences([7]);
    await waitFor(() => expect(box.checked).toBe(true));
    await view.user.click(box);
    await within(section).findByText('ACCESS DENIED');
    expect(box.checked).toBe(true);
    expect(screen.queryByTestId('notice')).toBeNull();
    expect(screen.getByTestId('links-dialog')).toBeTruthy();

    app.api.on('DELETE', '/api/permissions', { status: 204 });
    await view.user.click(box);
    await expectNotice('Unlinked: Depot.');
    expect(app.api.received('DELETE', '/api/permissions')).toHaveLength(2);
  });
});

// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serverReply, setupComponentTests } from '../../testing/app.tsx';
import { makeDevice, makeUser } from '../../testing/fixtures.ts';
import DeletedDevicesPage from './DeletedDevicesPage.tsx';

/** Lazy (safe-mode) deletion's screen: what the server hid, restored or deleted for good after a confirmation. */
const app = setupComponentTests();
const admin = makeUser({ id: 1, administrator: true });

const hidden = (id: number, name: string, original: string) => ({
  ...makeDevice({ id, name, uniqueId: `deleted-1700000000000-${original.replace(/-/g, '%2D')}` }),
  originalUniqueId: original,
  deletedTime: '2023-11-14T22:13:20.000Z',
});

async function renderPage() {
  const view = await app.render(<DeletedDevicesPage />, { path: '/deleted-devices', user: admin });
  await screen.findAllByTestId('deleted-row');
  return view;
}

describe('deleted devices (spec §3 lazy deletion)', () => {
  it('lists them with their original identifier and restores one after confirming', async () => {
    let listed = [hidden(7, 'Truck 7', 'imei-7'), hidden(8, 'Van 8', '888')];
    app.api.on('GET', '/tarkan/devices/deleted', () => ({ json: listed }));
    app.api.on('POST', '/tarkan/devices/7/restore', () => {
      listed = listed.filter((device) => device.id !== 7);
      return { json: makeDevice({ id: 7, name: 'Truck 7', uniqueId: 'imei-7' }) };
    });
    const view = await renderPage();
    const rows = screen.getAllByTestId('deleted-row');
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('Truck 7'), expect.stringContaining('Van 8')]);
    expect(rows[0].textContent).toContain('Identifier imei-7');

    await view.user.click(within(rows[0]).getByTestId('deleted-restore'));
    const dialog = await screen.findByRole('dialog', { name: 'Restore device' });
    expect(dialog.textContent).toContain('Restore Truck 7 with identifier imei-7?');
    expect(app.api.received('POST', '/tarkan/devices/7/restore')).toHaveLength(0);
    await view.user.click(within(dialog).getByRole('button', { name: 'Restore' }));

    expect((await screen.findByTestId('notice')).textContent).toBe('Truck 7 restored.');
    expect(app.api.received('POST', '/tarkan/devices/7/restore')).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByTestId('deleted-row')).toHaveLength(1));
  });

  it("tells why a restore was refused when the identifier was taken, and cancelling sends nothing", async () => {
    app.api.json('GET', '/tarkan/devices/deleted', [hidden(7, 'Truck 7', 'imei-7')]);
    app.api.on('POST', '/tarkan/devices/7/restore', { status: 409, text: 'Device identifier already in use' });
    app.api.on('DELETE', '/tarkan/devices/deleted/7', { status: 204 });
    const view = await renderPage();

    await view.user.click(screen.getByTestId('deleted-purge'));
    const purge = await screen.findByRole('dialog', { name: 'Delete device for good' });
    await view.user.click(within(purge).getByRole('button', { name: 'Cancel' }));
    expect(app.api.received('DELETE', '/tarkan/devices/deleted/7')).toHaveLength(0);

    await view.user.click(screen.getByTestId('deleted-restore'));
    await view.user.click(within(await screen.findByRole('dialog', { name: 'Restore device' })).getByRole('button', { name: 'Restore' }));
    expect((await screen.findByTestId('notice')).textContent).toBe('Could not restore: A device with this identifier already exists.');
    expect(screen.getAllByTestId('deleted-row')).toHaveLength(1);
  });

  it('deletes one for good after confirming, and says whether safe deletion is on', async () => {
    let listed = [hidden(9, 'Bus 9', 'bus-9')];
    app.api.on('GET', '/api/server', serverReply({ attributes: { 'tarkan.lazyDeletion': true } }));
    app.api.on('GET', '/tarkan/devices/deleted', () => ({ json: listed }));
    app.api.on('DELETE', '/tarkan/devices/deleted/9', () => {
      listed = [];
      return { status: 204 };
    });
    const view = await renderPage();
    await waitFor(() => expect(screen.getByTestId('lazy-deletion-state').textContent).toContain('Safe deletion is on'));

    await view.user.click(screen.getByTestId('deleted-purge'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete device for good' });
    expect(dialog.textContent).toContain('Delete Bus 9 (bus-9) and its whole history?');
    await view.user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect((await screen.findByTestId('notice')).textContent).toBe('Bus 9 deleted for good.');
    expect(await screen.findByTestId('deleted-empty')).toBeTruthy();
  });
});

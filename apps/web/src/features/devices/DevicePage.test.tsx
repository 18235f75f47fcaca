// @vitest-environment jsdom
import type { Device, User } from '@rastro/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serverReply, setupComponentTests } from '../../testing/app.tsx';
import { makeDevice, makePosition, makeUser } from '../../testing/fixtures.ts';
import DevicePage from './DevicePage.tsx';

const app = setupComponentTests();

const van = makeDevice({ id: 5, name: 'Van 3', uniqueId: '111222', category: 'van' });
const position = makePosition({ deviceId: 5, latitude: -23.5, longitude: -46.6 });

function renderDevice(user: User, device: Device = van) {
  return app.render(<DevicePage />, {
    path: `/devices/${device.id}`,
    route: '/devices/:deviceId',
    user,
    live: { devices: [device], positions: [position] },
  });
}

/** The labels of the action buttons, once the server info has decided the rights. */
async function actionLabels(view: Awaited<ReturnType<typeof renderDevice>>): Promise<string[]> {
  await view.serverKnown();
  await screen.findByTestId('action-follow');
  return screen.getAllByTestId(/^action-/).map((button) => button.textContent ?? '');
}

async function notice(): Promise<string> {
  return (await screen.findByTestId('notice')).textContent ?? '';
}

describe('device details: what each user may do', () => {
  it('a regular user may edit, delete, lock, unlock and anchor', async () => {
    const view = await renderDevice(makeUser({ id: 1 }));
    expect(await actionLabels(view)).toEqual([
      'Follow', 'Trail', 'Only this', 'Open in maps', 'Street View', 'Lock', 'Unlock', 'Commands', 'Anchor', 'QR access', 'Edit', 'Delete',
    ]);
  });

  it('a read-only user gets the map actions only', async () => {
    const view = await renderDevice(makeUser({ id: 1, readonly: true }));
    expect(await actionLabels(view)).toEqual(['Follow', 'Trail', 'Only this', 'Open in maps', 'Street View']);
  });

  it('a device-read-only user may send commands and anchor but not edit or delete', async () => {
    const view = await renderDevice(makeUser({ id: 1, deviceReadonly: true }));
    const labels = await actionLabels(view);
    expect(labels).toContain('Lock');
    expect(labels).toContain('Anchor');
    expect(labels).not.toContain('Edit');
    expect(labels).not.toContain('Delete');
  });

  it("a read-only server takes the writes from everyone but administrators", async () => {
    app.api.on('GET', '/api/server', serverReply({ readonly: true }));
    const user = await renderDevice(makeUser({ id: 1 }));
    expect(await actionLabels(user)).not.toContain('Edit');
    user.unmount();

    const admin = await renderDevice(makeUser({ id: 2, administrator: true }));
    expect(await actionLabels(admin)).toContain('Edit');
  });

  it('a device-read-only server takes editing and deleting devices from everyone but administrators', async () => {
    app.api.on('GET', '/api/server', serverReply({ deviceReadonly: true }));
    const user = await renderDevice(makeUser({ id: 1 }));
    const labels = await actionLabels(user);
    expect(labels).toContain('Lock');
    expect(labels).not.toContain('Edit');
    expect(labels).not.toContain('Delete');
    user.unmount();

    const admin = await renderDevice(makeUser({ id: 2, administrator: true }));
    expect(await actionLabels(admin)).toEqual(expect.arrayContaining(['Edit', 'Delete']));
  });

  it("offers the vehicle's driver QR code only while the server has tarkan.enableQrDriverId on", async () => {
    app.api.on('GET', '/api/server', serverReply({ attributes: { 'tarkan.enableQrDriverId': true } }));
    const user = await renderDevice(makeUser({ id: 1 }));
    expect(await actionLabels(user)).toContain('Driver QR code');
    user.unmount();
    // and to those who may edit the vehicle only
    const readonly = await renderDevice(makeUser({ id: 2, deviceReadonly: true }));
    expect(await actionLabels(readonly)).not.toContain('Driver QR code');
    readonly.unmount();

    app.api.on('GET', '/api/server', serverReply({ attributes: { 'tarkan.enableQrDriverId': false } }));
    const off = await renderDevice(makeUser({ id: 1 }));
    expect(await actionLabels(off)).not.toContain('Driver QR code');
  });

  it('share links need the plus licence', async () => {
    app.api.on('GET', '/api/server', serverReply({}, { licenseMode: 'plus' }));
    const view = await renderDevice(makeUser({ id: 1 }));
    expect(await actionLabels(view)).toContain('Share');
  });
});

describe('device details: actions', () => {
  it('edit opens the editor with the device and saves it with PUT', async () => {
    app.api.on('PUT', '/api/devices/5', (request) => ({ json: request.json() }));
    const view = await renderDevice(makeUser({ id: 1 }));
    await view.user.click(await screen.findByTestId('action-edit'));

    const editor = await screen.findByTestId('device-editor');
    const name = within(editor).getByLabelText(/^Name/, { selector: 'input' });
    expect((name as HTMLInputElement).value).toBe('Van 3');
    await view.fill(name, 'Van 3B');
    await view.user.click(within(editor).getByTestId('save-device'));

    await waitFor(() => expect(screen.queryByTestId('device-editor')).toBeNull());
    expect(app.api.received('PUT', '/api/devices/5')[0].json()).toMatchObject({ id: 5, name: 'Van 3B', uniqueId: '111222' });
  });

  it('delete asks first, deletes, says so and returns to the list', async () => {
    app.api.on('DELETE', '/api/devices/5', { status: 204 });
    const view = await renderDevice(makeUser({ id: 1 }));
    await view.user.click(await screen.findByTestId('action-delete'));

    const dialog = await screen.findByRole('dialog', { name: 'Delete device' });
    expect(within(dialog).getByText('Delete Van 3 and all its history? This cannot be undone.')).toBeTruthy();
    expect(app.api.received('DELETE', '/api/devices/5')).toHaveLength(0);
    await view.user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(view.location().pathname).toBe('/devices'));
    expect(app.api.received('DELETE', '/api/devices/5')).toHaveLength(1);
    expect(await notice()).toBe('Device deleted.');
  });

  it('cancelling the deletion sends nothing and says it was cancelled', async () => {
    const view = await renderDevice(makeUser({ id: 1 }));
    await view.user.click(await screen.findByTestId('action-delete'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete device' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(await notice()).toBe('Action cancelled by the user');
    expect(app.api.requests.filter((request) => request.method === 'DELETE')).toHaveLength(0);
    expect(view.location().pathname).toBe('/devices/5');
  });

  it("a refused deletion is reported with the server's reason and the page stays", async () => {
    app.api.on('DELETE', '/api/devices/5', { status: 400, text: 'Device access denied' });
    const view = await renderDevice(makeUser({ id: 1 }));
    await view.user.click(await screen.findByTestId('action-delete'));
    await view.user.click(within(await screen.findByRole('dialog', { name: 'Delete device' })).getByRole('button', { name: 'Delete' }));

    expect(await notice()).toBe('Unexpected error deleting the device: No access to this device.');
    expect(view.location().pathname).toBe('/devices/5');
  });

  it('lock sends engineStop after confirmation and says when it is queued', async () => {
    app.api.on('POST', '/api/commands/send', { status: 202, json: {} });
    const view = await renderDevice(makeUser({ id: 1 }));
    await view.user.click(await screen.findByTestId('action-lock'));
    const dialog = await screen.findByRole('dialog', { name: 'Lock vehicle' });
    expect(within(dialog).getByText('Send the engine stop command to Van 3?')).toBeTruthy();
    await view.user.click(within(dialog).getByRole('button', { name: 'Lock' }));

    expect(await notice()).toBe("Command queued: it will be sent to Van 3 on the device's next connection.");
    expect(app.api.received('POST', '/api/commands/send').map((request) => request.json())).toEqual([{ deviceId: 5, type: 'engineStop' }]);
  });

  it('anchor on draws a 150 m fence around the latest position and links it to the device', async () => {
    app.api
      .on('POST', '/api/geofences', (request) => ({ json: { ...request.json<object>(), id: 77 } }))
      .on('POST', '/api/permissions', { status: 204 });
    const view = await renderDevice(makeUser({ id: 1 }));
    await view.user.click(await screen.findByTestId('action-anchor'));
    const dialog = await screen.findByRole('dialog', { name: 'Turn anchor on' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Turn on' }));

    expect(await notice()).toBe('Anchor turned on.');
    // spec §7: the anchor is saved with id -1, name, description, area, calendarId 0, deviceId and isAnchor
    expect(app.api.received('POST', '/api/geofences')[0].json()).toStrictEqual({
      id: -1, name: 'Anchor Van 3', description: 'Anchor Van 3', area: 'CIRCLE (-23.5 -46.6, 150)', calendarId: 0, attributes: { isAnchor: true, deviceId: 5 },
    });
    expect(app.api.received('POST', '/api/permissions').map((request) => request.json())).toEqual([{ deviceId: 5, geofenceId: 77 }]);
  });
});

describe('share dialog', () => {
  async function openShare() {
    app.api.on('GET', '/api/server', serverReply({}, { licenseMode: 'plus' }));
    const view = await renderDevice(makeUser({ id: 1 }));
    await view.user.click(await screen.findByTestId('action-share'));
    return { view, dialog: await screen.findByRole('dialog', { name: 'Share Van 3' }) };
  }

  it('creates a link valid for the chosen hours and copies it', async () => {
    app.api.on('POST', '/api/share/device', { text: 'share-token-1' });
    const { view, dialog } = await openShare();

    await view.user.click(within(dialog).getByRole('combobox', { name: /Valid for/ }));
    await view.user.click(await screen.findByRole('option', { name: '6 h' }));
    const before = Date.now();
    await view.user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    const link = await within(dialog).findByRole<HTMLInputElement>('textbox', { name: 'Temporary access link' });
    expect(link.value).toBe(`${window.location.origin}/share/share-token-1`);
    const form = app.api.received('POST', '/api/share/device')[0].form();
    expect(form.deviceId).toBe('5');
    const hours = (Date.parse(form.expiration) - before) / 3_600_000;
    expect(hours).toBeGreaterThan(5.99);
    expect(hours).toBeLessThan(6.01);

    await view.user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(link.value);
  });

  it('says plainly when the server has no share links', async () => {
    app.api.on('POST', '/api/share/device', { status: 404, text: 'Not found' });
    const { view, dialog } = await openShare();
    await view.user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    expect((await within(dialog).findByTestId('share-error')).textContent).toBe('This server does not offer share links yet.');
  });
});

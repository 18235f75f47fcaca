// @vitest-environment jsdom
import { formatPermissions, permissionBit, type PermissionAction, type PermissionArea, type Server, type User } from '@rastro/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serverReply, setupComponentTests } from '../../testing/app.tsx';
import { makeDevice, makePosition, makeUser } from '../../testing/fixtures.ts';
import { saveNewDevice } from '../../testing/deviceEditor.ts';
import DevicePage from './DevicePage.tsx';
import DevicesPanel from './DevicesPanel.tsx';

/**
 * Issue 17's access rules on the device screens, each setting proved by its effect: the server's
 * lock/unlock switch, the reports and share rights, the read-only accounts' texts, devices.create
 * and the device limit that binds administrators too.
 */
const app = setupComponentTests();

const van = makeDevice({ id: 5, name: 'Van 3', uniqueId: '111222' });
const position = makePosition({ deviceId: 5 });

/** An advanced-permissions value granting exactly these bits. */
function grant(...rights: [PermissionArea, PermissionAction][]): User['attributes'] {
  const bits = rights.map(([area, action]) => permissionBit(area, action));
  return { 'tarkan.advancedPerms': formatPermissions(Array.from({ length: 128 }, (_, bit) => bits.includes(bit))) };
}

function serve(server: Partial<Server> = {}, licence: { licenseMode?: string; deviceLimit?: number } = {}) {
  app.api.on('GET', '/api/server', serverReply(server, licence));
}
const ADVANCED = { attributes: { 'tarkan.enableAdvancedPerms': true } };

async function renderDevice(user: User) {
  const view = await app.render(<DevicePage />, { path: '/devices/5', route: '/devices/:deviceId', user, live: { devices: [van], positions: [position] } });
  await view.serverKnown();
  await screen.findByTestId('action-follow');
  return view;
}

const actions = () => screen.getAllByTestId(/^action-/).map((button) => button.getAttribute('data-testid')?.slice('action-'.length));

describe('lock and unlock follow the server switch (spec §3 enableLockUnlock)', () => {
  it('are offered on a server that never set it, and when it is on', async () => {
    const view = await renderDevice(makeUser({ id: 1 }));
    expect(actions()).toEqual(expect.arrayContaining(['lock', 'unlock']));
    view.unmount();
    serve({ attributes: { 'tarkan.enableLockUnlock': true } });
    await renderDevice(makeUser({ id: 1 }));
    expect(actions()).toEqual(expect.arrayContaining(['lock', 'unlock']));
  });

  it('are offered to nobody when it is off, administrators included', async () => {
    serve({ attributes: { 'tarkan.enableLockUnlock': false } });
    const view = await renderDevice(makeUser({ id: 1 }));
    expect(actions()).not.toContain('lock');
    expect(actions()).not.toContain('unlock');
    // the other actions stay
    expect(actions()).toEqual(expect.arrayContaining(['follow', 'anchor', 'edit', 'delete']));
    view.unmount();
    await renderDevice(makeUser({ id: 2, administrator: true }));
    expect(actions()).not.toContain('lock');
  });

  it("a refused lock tells the server's reason in the user's words", async () => {
    app.api.on('POST', '/api/commands/send', { status: 400, text: 'Lock and unlock are disabled' });
    const view = await renderDevice(makeUser({ id: 1 }));
    await view.user.click(screen.getByTestId('action-lock'));
    await view.user.click(within(await screen.findByRole('dialog', { name: 'Lock vehicle' })).getByRole('button', { name: 'Lock' }));
    expect((await screen.findByTestId('notice')).textContent).toBe('Lock and unlock are turned off on this server.');
  });
});

describe('reports and shares follow their rights (spec §6)', () => {
  it("the device's routes and chart, which read the history, need the reports right", async () => {
    const view = await renderDevice(makeUser({ id: 1 }));
    expect(screen.getByText('Routes')).toBeTruthy();
    expect(screen.getByText('Graphic')).toBeTruthy();
    view.unmount();

    const blocked = await renderDevice(makeUser({ id: 1, disableReports: true }));
    expect(screen.queryByText('Routes')).toBeNull();
    expect(screen.queryByText('Graphic')).toBeNull();
    blocked.unmount();

    serve(ADVANCED, { licenseMode: 'plus' });
    const noBit = await renderDevice(makeUser({ id: 1, attributes: grant(['devices', 'view']) }));
    expect(screen.queryByText('Routes')).toBeNull();
    noBit.unmount();
    await renderDevice(makeUser({ id: 1, attributes: grant(['devices', 'view'], ['reports', 'view']) }));
    expect(screen.getByText('Routes')).toBeTruthy();
  });

  it('share needs the share bit under advanced permissions', async () => {
    serve(ADVANCED, { licenseMode: 'plus' });
    const view = await renderDevice(makeUser({ id: 1, attributes: grant(['devices', 'view']) }));
    expect(actions()).not.toContain('share');
    view.unmount();
    await renderDevice(makeUser({ id: 1, attributes: grant(['devices', 'view'], ['extras', 'create']) }));
    expect(actions()).toContain('share');
  });
});

describe('read-only accounts are told why (spec §8 ACCOUNT_IS_READONLY, ACCOUNT_IS_DEVICE_READONLY)', () => {
  it('a read-only user reads that the account is read-only, a device-read-only one that it cannot change devices', async () => {
    const view = await renderDevice(makeUser({ id: 1, readonly: true }));
    expect(screen.getByTestId('account-notice').textContent).toBe('This account is read-only.');
    view.unmount();

    const devices = await renderDevice(makeUser({ id: 1, deviceReadonly: true }));
    expect(screen.getByTestId('account-notice').textContent).toBe('This account cannot change devices.');
    expect(actions()).not.toContain('edit');
    devices.unmount();

    // the server's switches count as the user's
    serve({ deviceReadonly: true });
    const server = await renderDevice(makeUser({ id: 1 }));
    expect(screen.getByTestId('account-notice').textContent).toBe('This account cannot change devices.');
    server.unmount();

    serve();
    await renderDevice(makeUser({ id: 1 }));
    expect(screen.queryByTestId('account-notice')).toBeNull();
  });

  it("a write the server refuses as 'Write access denied' is told after the account's restriction", async () => {
    // a device-read-only user may still anchor; suppose the server refuses it all the same
    app.api.on('POST', '/api/geofences', { status: 400, text: 'Write access denied' });
    const view = await renderDevice(makeUser({ id: 1, deviceReadonly: true }));
    await view.user.click(screen.getByTestId('action-anchor'));
    await view.user.click(within(await screen.findByRole('dialog', { name: 'Turn anchor on' })).getByRole('button', { name: 'Turn on' }));
    expect((await screen.findByTestId('notice')).textContent).toBe('This account cannot change devices.');
  });
});

describe('adding devices', () => {
  const fleet = [makeDevice({ id: 1 }), makeDevice({ id: 2 })];

  async function renderList(user: User) {
    const view = await app.render(<DevicesPanel />, { path: '/devices', user, live: { devices: fleet } });
    await view.serverKnown();
    await screen.findAllByTestId('device-row');
    return view;
  }

  it('is offered under advanced permissions only with devices.create', async () => {
    serve(ADVANCED, { licenseMode: 'plus' });
    const view = await renderList(makeUser({ id: 1, attributes: grant(['devices', 'view'], ['devices', 'edit']) }));
    expect(screen.queryByTestId('add-device')).toBeNull();
    view.unmount();
    await renderList(makeUser({ id: 1, attributes: grant(['devices', 'view'], ['devices', 'create']) }));
    expect(await screen.findByTestId('add-device')).toBeTruthy();
  });

  it("binds administrators by the server's tarkan.deviceLimit (spec §5), and sends nothing past it", async () => {
    serve({ attributes: { 'tarkan.deviceLimit': 2 } });
    const view = await renderList(makeUser({ id: 1, administrator: true }));
    await view.user.click(await screen.findByTestId('add-device'));
    const editor = await screen.findByTestId('device-editor');
    await saveNewDevice(view, editor, 'Third van', '333444');
    expect(await within(editor).findByText('Vehicle registration limit exceeded.')).toBeTruthy();
    expect(app.api.received('POST', '/api/devices')).toHaveLength(0);
  });

  it('lets an administrator add while the server limit is not reached', async () => {
    serve({ attributes: { 'tarkan.deviceLimit': 3 } });
    app.api.on('POST', '/api/devices', (request) => ({ json: { ...makeDevice({ id: 3 }), ...request.json<object>() } }));
    const view = await renderList(makeUser({ id: 1, administrator: true }));
    await view.user.click(await screen.findByTestId('add-device'));
    const editor = await screen.findByTestId('device-editor');
    await saveNewDevice(view, editor, 'Third van', '333444');
    await waitFor(() => expect(app.api.received('POST', '/api/devices')).toHaveLength(1));
  });
});

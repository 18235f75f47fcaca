// @vitest-environment jsdom
import { formatPermissions, permissionBit, type PermissionAction, type PermissionArea, type Server, type User } from '@rastro/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SavedCommand } from '../../../api/entities.ts';
import { serverReply, setupComponentTests } from '../../../testing/app.tsx';
import { makeDevice, makePosition, makeUser } from '../../../testing/fixtures.ts';
import DevicePage from '../DevicePage.tsx';

const app = setupComponentTests();

const van = makeDevice({ id: 5, name: 'Van 3', uniqueId: '111222', phone: '+5511900001111' });
const position = makePosition({ deviceId: 5 });
const reboot: SavedCommand = { id: 7, description: 'Reboot tracker', type: 'rebootDevice', textChannel: false, attributes: {} };
const status: SavedCommand = { id: 8, description: 'Status by SMS', type: 'custom', textChannel: true, attributes: { data: 'STATUS#' } };
const cutEngine: SavedCommand = { id: 9, description: 'Cut engine', type: 'engineStop', textChannel: false, attributes: {} };

function grant(...rights: [PermissionArea, PermissionAction][]): User['attributes'] {
  const bits = rights.map(([area, action]) => permissionBit(area, action));
  return { 'tarkan.advancedPerms': formatPermissions(Array.from({ length: 128 }, (_, bit) => bits.includes(bit))) };
}

async function renderDevice(user: User = makeUser({ id: 1 }), server: Partial<Server> = {}, licenseMode?: string) {
  app.api
    .on('GET', '/api/server', serverReply(server, { licenseMode }))
    .on('GET', '/api/commands/send', (request) => ({ json: request.query.get('deviceId') === '5' ? [reboot, status, cutEngine] : [] }))
    .json('GET', '/api/commands/types', [{ type: 'custom' }, { type: 'engineStop' }, { type: 'positionSingle' }]);
  const view = await app.render(<DevicePage />, { path: '/devices/5', route: '/devices/:deviceId', user, live: { devices: [van], positions: [position] } });
  await view.serverKnown();
  await screen.findByTestId('action-follow');
  return view;
}

async function openMenu(view: Awaited<ReturnType<typeof renderDevice>>) {
  await view.user.click(screen.getByTestId('action-commands'));
  const menu = await screen.findByRole('menu', { name: 'Vehicle commands' });
  await waitFor(() => expect(within(menu).queryByText('Loading…')).toBeNull());
  return menu;
}

const savedItems = (menu: HTMLElement) => within(menu).queryAllByTestId('saved-command').map((item) => item.textContent);
const notice = async () => (await screen.findByTestId('notice')).textContent;

describe("the device's command menu", () => {
  it("lists the device's saved commands from GET /api/commands/send?deviceId=", async () => {
    const view = await renderDevice();
    const menu = await openMenu(view);

    expect(savedItems(menu)).toEqual(['Reboot trackerReboot device', 'Status by SMSBy SMS: SMS is not configured on the server', 'Cut engineEngine stop']);
    expect(app.api.received('GET', '/api/commands/send').map((request) => request.query.get('deviceId'))).toEqual(['5']);
    expect(within(menu).getByTestId('custom-command')).toBeTruthy();
  });

  it('sends a saved command after confirmation with the full payload, and says when a queued one will go', async () => {
    app.api.on('POST', '/api/commands/send', { status: 202, json: {} });
    const view = await renderDevice();
    const menu = await openMenu(view);
    await view.user.click(within(menu).getByText('Reboot tracker'));

    const dialog = await screen.findByRole('dialog', { name: 'Send command' });
    expect(within(dialog).getByText('Send "Reboot tracker" to Van 3?')).toBeTruthy();
    expect(app.api.received('POST', '/api/commands/send')).toHaveLength(0);
    await view.user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await notice()).toBe("Command queued: it will be sent to Van 3 on the device's next connection.");
    expect(app.api.received('POST', '/api/commands/send').map((request) => request.json())).toEqual([
      { id: 7, description: 'Reboot tracker', deviceId: 5, type: 'rebootDevice', textChannel: false, attributes: {} },
    ]);
  });

  it('a saved command by SMS carries textChannel and says it went by SMS', async () => {
    app.api.on('POST', '/api/commands/send', { json: {} });
    const view = await renderDevice(makeUser({ id: 1 }), { textEnabled: true });
    await view.user.click(within(await openMenu(view)).getByText('Status by SMS'));
    await view.user.click(within(await screen.findByRole('dialog', { name: 'Send command' })).getByRole('button', { name: 'Send' }));

    expect(await notice()).toBe('Command sent by SMS');
    expect(app.api.received('POST', '/api/commands/send')[0].json()).toEqual({
      id: 8, description: 'Status by SMS', deviceId: 5, type: 'custom', textChannel: true, attributes: { data: 'STATUS#' },
    });
  });

  it('a saved command by SMS cannot be chosen while the server has no SMS gateway', async () => {
    const view = await renderDevice();
    const sms = within(await openMenu(view)).getAllByTestId('saved-command')[1];
    expect(sms.getAttribute('aria-disabled')).toBe('true');
    expect(sms.textContent).toContain('SMS is not configured on the server');
  });

  it('cancelling the confirmation sends nothing and says it was cancelled', async () => {
    const view = await renderDevice();
    await view.user.click(within(await openMenu(view)).getByText('Reboot tracker'));
    await view.user.click(within(await screen.findByRole('dialog', { name: 'Send command' })).getByRole('button', { name: 'Cancel' }));

    expect(await notice()).toBe('Action cancelled by the user');
    expect(app.api.received('POST', '/api/commands/send')).toHaveLength(0);
  });

  it('sends a custom command typed in the details, and says it was sent', async () => {
    app.api.on('POST', '/api/commands/send', { json: {} });
    const view = await renderDevice();
    await view.user.click(within(await openMenu(view)).getByTestId('custom-command'));
    const dialog = await screen.findByTestId('custom-command-dialog');
    await waitFor(() => expect(app.api.received('GET', '/api/commands/types').some((request) => request.query.get('deviceId') === '5')).toBe(true));

    await view.user.click(within(dialog).getByRole('combobox', { name: /Type/ }));
    await view.user.click(await screen.findByRole('option', { name: 'Custom' }));
    // a custom command needs its text: nothing goes without it
    await view.user.click(within(dialog).getByTestId('send-custom-command'));
    expect(await within(dialog).findByText("Type the command's text.")).toBeTruthy();
    expect(app.api.received('POST', '/api/commands/send')).toHaveLength(0);

    await view.fill(within(dialog).getByRole('textbox', { name: /Command/ }), 'RELAY,1#');
    await view.user.click(within(dialog).getByTestId('send-custom-command'));

    expect(await notice()).toBe('Command sent.');
    expect(app.api.received('POST', '/api/commands/send').map((request) => request.json())).toEqual([
      { id: 0, description: null, deviceId: 5, type: 'custom', textChannel: false, attributes: { data: 'RELAY,1#' } },
    ]);
  });

  it('limitCommands keeps the saved commands but takes the custom one away', async () => {
    const view = await renderDevice(makeUser({ id: 1, limitCommands: true }));
    const menu = await openMenu(view);
    expect(savedItems(menu)).toHaveLength(3);
    expect(within(menu).queryByTestId('custom-command')).toBeNull();
  });

  it("the server's limitCommands takes the custom command from users, not from administrators", async () => {
    const user = await renderDevice(makeUser({ id: 1 }), { limitCommands: true });
    const menu = await openMenu(user);
    expect(savedItems(menu)).toHaveLength(3);
    expect(within(menu).queryByTestId('custom-command')).toBeNull();
    user.unmount();

    const admin = await renderDevice(makeUser({ id: 2, administrator: true }), { limitCommands: true });
    expect(within(await openMenu(admin)).getByTestId('custom-command')).toBeTruthy();
  });

  it('enableLockUnlock off takes engine stop from the saved commands; a read-only account gets no menu', async () => {
    const view = await renderDevice(makeUser({ id: 1 }), { attributes: { 'tarkan.enableLockUnlock': false } });
    expect(savedItems(await openMenu(view))).toEqual(['Reboot trackerReboot device', 'Status by SMSBy SMS: SMS is not configured on the server']);
    view.unmount();

    await renderDevice(makeUser({ id: 1, readonly: true }));
    expect(screen.queryByTestId('action-commands')).toBeNull();
  });

  it('under advanced permissions the command bit is needed, and lock for a saved engine stop', async () => {
    // advanced permissions apply on a plus licence with the server option on (spec §6)
    const advanced = { attributes: { 'tarkan.enableAdvancedPerms': true } };
    const withoutCommand = await renderDevice(makeUser({ id: 1, attributes: grant(['devices', 'view'], ['devices', 'lock']) }), advanced, 'plus');
    // engine stop is the only saved command the lock bit lets go, and there is no custom command
    const menu = await openMenu(withoutCommand);
    expect(savedItems(menu)).toEqual(['Cut engineEngine stop']);
    expect(within(menu).queryByTestId('custom-command')).toBeNull();
    withoutCommand.unmount();

    await renderDevice(makeUser({ id: 1, attributes: grant(['devices', 'view']) }), advanced, 'plus');
    expect(screen.queryByTestId('action-commands')).toBeNull();
  });
});

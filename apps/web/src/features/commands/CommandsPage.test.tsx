// @vitest-environment jsdom
import { formatPermissions, permissionBit, type PermissionAction, type PermissionArea, type User } from '@rastro/api';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SavedCommand } from '../../api/entities.ts';
import { serverReply, setupComponentTests } from '../../testing/app.tsx';
import { makeDevice, makeUser } from '../../testing/fixtures.ts';
import { storedWithId } from '../../testing/apiServer.ts';
import { choose, entityDialog, entityRow, entityRows, fillFields, noticeText, saveEntity, selectField, textField, toggle } from '../../testing/queries.ts';
import CommandsPage from './CommandsPage.tsx';

const app = setupComponentTests();

const reboot: SavedCommand = { id: 7, description: 'Reboot tracker', type: 'rebootDevice', textChannel: false, attributes: {} };
const ping: SavedCommand = { id: 8, description: null, type: 'positionSingle', textChannel: false, attributes: {} };
const fleet = [
  makeDevice({ id: 1, name: 'Osmand phone' }),
  makeDevice({ id: 2, name: 'GT06 tracker' }),
  makeDevice({ id: 3, name: 'Old one', uniqueId: 'deleted-3-1700000000' }),
];

async function renderCommands(user: User = makeUser({ id: 1 })) {
  app.api
    .json('GET', '/api/commands', [reboot, ping])
    .json('GET', '/api/devices', fleet)
    // every type without a device; per device, what its protocol encodes
    .on('GET', '/api/commands/types', (request) => {
      const deviceId = request.query.get('deviceId');
      if (deviceId === '1') return { json: [{ type: 'positionSingle' }, { type: 'custom' }] };
      if (deviceId === '2') return { json: [{ type: 'engineStop' }, { type: 'rebootDevice' }, { type: 'positionSingle' }, { type: 'custom' }] };
      return { json: [{ type: 'custom' }, { type: 'engineStop' }, { type: 'rebootDevice' }, { type: 'positionSingle' }] };
    });
  const view = await app.render(<CommandsPage />, { path: '/commands', user });
  await waitFor(() => expect(entityRows()).toEqual(['Reboot tracker', 'Single position']));
  await view.serverKnown();
  return view;
}

/** An advanced-permissions value granting exactly these bits. */
function grant(...rights: [PermissionArea, PermissionAction][]): string {
  const bits = rights.map(([area, action]) => permissionBit(area, action));
  return formatPermissions(Array.from({ length: 128 }, (_, bit) => bits.includes(bit)));
}
const ADVANCED = serverReply({ attributes: { 'tarkan.enableAdvancedPerms': true } }, { licenseMode: 'plus' });

async function openSend(view: Awaited<ReturnType<typeof renderCommands>>, name: string) {
  await view.user.click(within(entityRow(name).closest('li') as HTMLElement).getByTestId('command-send'));
  return screen.findByTestId('send-command-dialog');
}

/** The body of the command the page created, once it says it saved. */
async function createdCommand(): Promise<unknown> {
  expect(await noticeText()).toBe('Saved');
  return app.api.received('POST', '/api/commands')[0].json();
}

describe('saved commands', () => {
  it('a custom command needs its text, and is saved with it', async () => {
    app.api.on('GET', '/api/server', serverReply({ textEnabled: true }));
    const view = await renderCommands();
    app.api.on('POST', '/api/commands', storedWithId(30));
    await view.user.click(screen.getByRole('button', { name: 'Add' }));
    expect(selectField(entityDialog(), 'Type').textContent).toBe('Custom');

    await view.fill(textField(entityDialog(), 'Description'), 'Ask the firmware');
    await saveEntity(view);
    expect(within(entityDialog()).getByText('Required field')).toBeTruthy();
    expect(app.api.received('POST', '/api/commands')).toHaveLength(0);

    await view.fill(textField(entityDialog(), 'Command text'), 'VERSION#');
    await view.user.click(toggle(entityDialog(), 'Send by SMS'));
    await saveEntity(view);

    expect(await createdCommand()).toEqual({ description: 'Ask the firmware', type: 'custom', textChannel: true, attributes: { data: 'VERSION#' } });
  });

  it('a command text typed before choosing another type is not saved', async () => {
    const view = await renderCommands();
    app.api.on('POST', '/api/commands', storedWithId(31));
    await view.user.click(screen.getByRole('button', { name: 'Add' }));
    await fillFields(view, entityDialog(), { Description: 'Stop the engine', 'Command text': 'SECRET#' });
    await choose(view, selectField(entityDialog(), 'Type'), 'Engine stop');
    await saveEntity(view);

    expect(await createdCommand()).toEqual({ description: 'Stop the engine', type: 'engineStop', textChannel: false, attributes: {} });
  });

  it('offers sending by SMS only when the server has an SMS gateway', async () => {
    const view = await renderCommands();
    await view.user.click(screen.getByRole('button', { name: 'Add' }));
    expect(within(entityDialog()).queryByText('Send by SMS')).toBeNull();
    cleanup();

    app.api.on('GET', '/api/server', serverReply({ textEnabled: true }));
    const again = await renderCommands();
    await again.user.click(screen.getByRole('button', { name: 'Add' }));
    expect(toggle(entityDialog(), 'Send by SMS')).toBeTruthy();
  });

  it('choosing a type other than custom removes the command text field', async () => {
    const view = await renderCommands();
    await view.user.click(screen.getByRole('button', { name: 'Add' }));
    expect(textField(entityDialog(), 'Command text')).toBeTruthy();
    await choose(view, selectField(entityDialog(), 'Type'), 'Engine stop');
    expect(within(entityDialog()).queryByLabelText(/^Command text/)).toBeNull();
  });
});

describe('send command dialog', () => {
  const sendButtons = () => screen.queryAllByTestId('command-send');

  it('is offered on every saved command to a user who may send commands', async () => {
    await renderCommands();
    expect(sendButtons()).toHaveLength(2);
  });

  it('limitCommands, the user\'s or the server\'s, leaves saved commands to send but not to add or change', async () => {
    const limited = await renderCommands(makeUser({ id: 1, limitCommands: true }));
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.getAllByTestId('command-send')).toHaveLength(2);
    limited.unmount();

    app.api.on('GET', '/api/server', serverReply({ limitCommands: true }));
    const user = await renderCommands();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.getAllByTestId('command-send')).toHaveLength(2);
    user.unmount();

    await renderCommands(makeUser({ id: 2, administrator: true }));
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy();
  });

  it('is not offered to a read-only user, whom the server refuses', async () => {
    await renderCommands(makeUser({ id: 1, readonly: true }));
    expect(sendButtons()).toHaveLength(0);
  });

  it("with advanced permissions, is offered only with the devices area's command bit", async () => {
    app.api.on('GET', '/api/server', ADVANCED);
    const rights: [PermissionArea, PermissionAction][] = [['commands', 'view'], ['devices', 'view'], ['devices', 'lock'], ['devices', 'unlock']];
    await renderCommands(makeUser({ id: 1, attributes: { 'tarkan.advancedPerms': grant(...rights) } }));
    expect(sendButtons()).toHaveLength(0);
    cleanup();

    await renderCommands(makeUser({ id: 1, attributes: { 'tarkan.advancedPerms': grant(...rights, ['devices', 'command']) } }));
    expect(sendButtons()).toHaveLength(2);
  });

  it('offers the live fleet and sends the saved command to the chosen device', async () => {
    const view = await renderCommands();
    app.api.on('POST', '/api/commands/send', { json: {} });
    const dialog = await openSend(view, 'Reboot tracker');
    expect(within(dialog).getByText('Send "Reboot tracker"')).toBeTruthy();
    expect(within(dialog).getByTestId<HTMLButtonElement>('send-command').disabled).toBe(true);

    await view.user.click(selectField(dialog, 'Device'));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Osmand phone', 'GT06 tracker']);
    await view.user.click(screen.getByRole('option', { name: 'GT06 tracker' }));
    await waitFor(() => expect(app.api.received('GET', '/api/commands/types').some((request) => request.query.get('deviceId') === '2')).toBe(true));
    await waitFor(() => expect(within(dialog).getByTestId<HTMLButtonElement>('send-command').disabled).toBe(false));
    await view.user.click(within(dialog).getByTestId('send-command'));

    expect(await noticeText()).toBe('Command sent');
    expect(app.api.received('POST', '/api/commands/send').map((request) => request.json())).toEqual([
      // spec §7's payload: id, description, deviceId, type, textChannel, attributes
      { id: 7, description: 'Reboot tracker', deviceId: 2, type: 'rebootDevice', textChannel: false, attributes: {} },
    ]);
    await waitFor(() => expect(screen.queryByTestId('send-command-dialog')).toBeNull());
  });

  it("warns when the device's protocol does not take the command, and will not send it", async () => {
    const view = await renderCommands();
    const dialog = await openSend(view, 'Reboot tracker');
    await choose(view, selectField(dialog, 'Device'), 'Osmand phone');

    expect(await within(dialog).findByText('This device does not accept this type of command.')).toBeTruthy();
    expect(within(dialog).getByTestId<HTMLButtonElement>('send-command').disabled).toBe(true);
  });

  it('says when the command is queued until the device connects', async () => {
    const view = await renderCommands();
    app.api.on('POST', '/api/commands/send', { status: 202, json: {} });
    const dialog = await openSend(view, 'Single position');
    await choose(view, selectField(dialog, 'Device'), 'Osmand phone');
    await waitFor(() => expect(within(dialog).getByTestId<HTMLButtonElement>('send-command').disabled).toBe(false));
    await view.user.click(within(dialog).getByTestId('send-command'));

    expect(await noticeText()).toBe("Command queued: it will be sent to Osmand phone on the device's next connection");
  });

  it("keeps the dialog open with the server's reason when sending fails", async () => {
    const view = await renderCommands();
    app.api.on('POST', '/api/commands/send', { status: 400, text: 'Failed to send command' });
    const dialog = await openSend(view, 'Single position');
    await choose(view, selectField(dialog, 'Device'), 'GT06 tracker');
    await waitFor(() => expect(within(dialog).getByTestId<HTMLButtonElement>('send-command').disabled).toBe(false));
    await view.user.click(within(dialog).getByTestId('send-command'));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('The command could not be sent.');
    expect(screen.getByTestId('send-command-dialog')).toBeTruthy();
  });
});

describe('send command dialog, by SMS', () => {
  const bySms: SavedCommand = { id: 9, description: 'Status by SMS', type: 'custom', textChannel: true, attributes: { data: 'STATUS#' } };

  async function openSmsSend(server = serverReply({ textEnabled: true })) {
    app.api
      .on('GET', '/api/server', server)
      .json('GET', '/api/commands', [bySms])
      .json('GET', '/api/devices', [makeDevice({ id: 1, name: 'No SIM' }), makeDevice({ id: 2, name: 'GT06 tracker', phone: '+5511911112222' })])
      // the text channel carries custom commands only
      .on('GET', '/api/commands/types', (request) => ({ json: request.query.get('textChannel') === 'true' ? [{ type: 'custom' }] : [{ type: 'engineStop' }] }));
    const view = await app.render(<CommandsPage />, { path: '/commands', user: makeUser({ id: 1 }) });
    await waitFor(() => expect(entityRows()).toEqual(['Status by SMS']));
    await view.serverKnown();
    await view.user.click(within(entityRow('Status by SMS').closest('li') as HTMLElement).getByTestId('command-send'));
    return { view, dialog: await screen.findByTestId('send-command-dialog') };
  }
  const sendButton = (dialog: HTMLElement) => within(dialog).getByTestId<HTMLButtonElement>('send-command');

  it("sends to a device with a phone, asking what its text channel takes, and says it went by SMS", async () => {
    const { view, dialog } = await openSmsSend();
    app.api.on('POST', '/api/commands/send', { json: {} });
    await choose(view, selectField(dialog, 'Device'), 'GT06 tracker');
    expect(await within(dialog).findByText('It goes by SMS to +5511911112222.')).toBeTruthy();
    await waitFor(() => expect(app.api.received('GET', '/api/commands/types').some((r) => r.query.get('deviceId') === '2' && r.query.get('textChannel') === 'true')).toBe(true));
    await waitFor(() => expect(sendButton(dialog).disabled).toBe(false));
    await view.user.click(sendButton(dialog));

    expect(await noticeText()).toBe('Command sent by SMS');
    expect(app.api.received('POST', '/api/commands/send').map((request) => request.json())).toEqual([
      { id: 9, description: 'Status by SMS', deviceId: 2, type: 'custom', textChannel: true, attributes: { data: 'STATUS#' } },
    ]);
  });

  it('will not send to a device without a phone number', async () => {
    const { view, dialog } = await openSmsSend();
    await choose(view, selectField(dialog, 'Device'), 'No SIM');
    expect(within(dialog).getByText(/This device has no phone number/)).toBeTruthy();
    expect(sendButton(dialog).disabled).toBe(true);
  });

  it('will not send while the server has no SMS gateway', async () => {
    const { view, dialog } = await openSmsSend(serverReply({ textEnabled: false }));
    expect(within(dialog).getByText(/SMS is not configured on the server/)).toBeTruthy();
    await choose(view, selectField(dialog, 'Device'), 'GT06 tracker');
    expect(sendButton(dialog).disabled).toBe(true);
  });

  it("shows the gateway's refusal and keeps the dialog open", async () => {
    const { view, dialog } = await openSmsSend();
    app.api.on('POST', '/api/commands/send', { status: 400, text: 'SMS not sent: gateway answered 402: Insufficient credit' });
    await choose(view, selectField(dialog, 'Device'), 'GT06 tracker');
    await waitFor(() => expect(sendButton(dialog).disabled).toBe(false));
    await view.user.click(sendButton(dialog));

    expect(await within(dialog).findByText('The SMS gateway did not accept the message (gateway answered 402: Insufficient credit).')).toBeTruthy();
    expect(screen.getByTestId('send-command-dialog')).toBeTruthy();
  });
});

// @vitest-environment jsdom
import type { Server } from '@rastro/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serverReply, setupComponentTests } from '../../testing/app.tsx';
import { makeUser } from '../../testing/fixtures.ts';
import { choose, fillFields, openListbox, saveEntity, selectField, textField, toggle } from '../../testing/queries.ts';
import { expectNotice, expectSentOnce } from '../../testing/saves.ts';
import ServerPage from './ServerPage.tsx';

const app = setupComponentTests();

/** What GET /api/server answers an administrator: the gateway's credentials masked. */
const MASK = '••••••';
const gateway = {
  'sms.http.url': 'https://sms.example/send',
  'sms.http.template': '{"to":"{phone}","text":"{message}"}',
  'sms.http.authorization': MASK,
};

describe('server settings, SMS gateway', () => {
  it("shows Traccar's sms.http keys and saves them, the masked credential sent back as read", async () => {
    app.api
      .on('GET', '/api/server', serverReply({ textEnabled: true, attributes: { ...gateway, 'tarkan.lang': 'pt-BR' } }))
      .on('PUT', '/api/server', (request) => ({ json: request.json() }));
    const view = await app.render(<ServerPage />, { path: '/server', user: makeUser({ id: 1, administrator: true }) });
    const dialog = await screen.findByTestId('entity-dialog');
    expect(within(dialog).getByText('SMS gateway')).toBeTruthy();
    expect(textField(dialog, 'Gateway URL').value).toBe('https://sms.example/send');
    expect(textField(dialog, 'Request body').value).toBe('{"to":"{phone}","text":"{message}"}');
    expect(textField(dialog, 'Authorization value (e.g. Bearer and the key)').type).toBe('password');

    await view.fill(textField(dialog, 'Gateway URL'), 'https://sms.example/v2/send');
    await saveEntity(view);

    await waitFor(() => expect(app.api.received('PUT', '/api/server')).toHaveLength(1));
    expect(app.api.received('PUT', '/api/server')[0].json<Server>().attributes).toEqual({
      ...gateway, 'sms.http.url': 'https://sms.example/v2/send', 'tarkan.lang': 'pt-BR',
    });
  });
});

describe('server settings, Telegram and WhatsApp', () => {
  const channels = {
    'notificator.telegram.key': MASK,
    'notificator.telegram.chatId': '-1001234',
    'whatsapp.http.url': 'https://wa.example/v1/messages',
    'whatsapp.http.template': '{"number":"{phone}","text":"{message}"}',
    'whatsapp.http.authorization': MASK,
  };
  const open = async () => {
    const view = await app.render(<ServerPage />, { path: '/server', user: makeUser({ id: 1, administrator: true }) });
    return { view, dialog: await screen.findByTestId('entity-dialog') };
  };

  it('shows the bot and the WhatsApp gateway in their sections and saves them, masked values sent back as read', async () => {
    app.api
      .on('GET', '/api/server', serverReply({ attributes: { ...channels } }))
      .on('PUT', '/api/server', (request) => ({ json: request.json() }));
    const { view, dialog } = await open();
    for (const section of ['Telegram', 'WhatsApp']) expect(within(dialog).getByText(section)).toBeTruthy();
    expect(textField(dialog, 'Bot token').type).toBe('password');
    expect(textField(dialog, 'Default chat').value).toBe('-1001234');
    expect(textField(dialog, 'WhatsApp gateway URL').value).toBe('https://wa.example/v1/messages');
    expect(textField(dialog, 'Authorization value (WhatsApp)').type).toBe('password');

    await view.fill(textField(dialog, 'Bot API address'), 'http://bots.local:8081');
    await view.user.click(toggle(dialog, 'Send the location after the message'));
    await saveEntity(view);

    await waitFor(() => expect(app.api.received('PUT', '/api/server')).toHaveLength(1));
    expect(app.api.received('PUT', '/api/server')[0].json<Server>().attributes).toEqual({
      ...channels, 'notificator.telegram.apiUrl': 'http://bots.local:8081', 'notificator.telegram.sendLocation': true,
    });
  });

  it("sends each channel's test message and shows it sent, or failed with the provider's reason", async () => {
    app.api
      .on('GET', '/api/server', serverReply({ attributes: { ...channels } }))
      .on('POST', '/api/notifications/test/whatsapp', () => ({ status: 204 }))
      .on('POST', '/api/notifications/test/telegram', () => ({ status: 400, text: 'Telegram answered 400: Bad Request: chat not found' }));
    const { view, dialog } = await open();

    await view.user.click(within(dialog).getByTestId('test-whatsapp'));
    expect((await within(dialog).findByTestId('test-whatsapp-result')).textContent).toBe('Sent. Check that it arrived.');
    await view.user.click(within(dialog).getByTestId('test-telegram'));
    expect((await within(dialog).findByTestId('test-telegram-result')).textContent).toBe('Failed: Telegram answered 400: Bad Request: chat not found');
    expect(app.api.received('POST', '/api/notifications/test/whatsapp')).toHaveLength(1);
    expect(app.api.received('POST', '/api/notifications/test/telegram')).toHaveLength(1);
  });

  it('tests only saved settings: a changed channel asks to save first', async () => {
    app.api.on('GET', '/api/server', serverReply({ attributes: { ...channels } }));
    const { view, dialog } = await open();
    await view.fill(textField(dialog, 'Default chat'), '42');
    const button = within(dialog).getByTestId<HTMLButtonElement>('test-telegram');
    expect(button.disabled).toBe(true);
    expect(within(dialog).getByText('Save first: the test uses the saved settings.')).toBeTruthy();
    // the other channels' buttons still work
    expect(within(dialog).getByTestId<HTMLButtonElement>('test-whatsapp').disabled).toBe(false);
  });
});

describe('server settings, map', () => {
  it('offers the base maps the map draws and the keys of the two keyed providers, kept masked', async () => {
    app.api
      .on('GET', '/api/server', serverReply({ map: 'osm', attributes: { mapTilerKey: MASK } }))
      .on('PUT', '/api/server', (request) => ({ json: request.json() }));
    const view = await app.render(<ServerPage />, { path: '/server', user: makeUser({ id: 1, administrator: true }) });
    const dialog = await screen.findByTestId('entity-dialog');
    // the keys the map never used are gone; the ones it uses are here, as secrets
    expect(within(dialog).queryByLabelText(/Bing|Google/)).toBeNull();
    expect(textField(dialog, 'MapTiler key').type).toBe('password');
    expect(textField(dialog, 'Mapbox access token').type).toBe('password');
    expect(within(dialog).queryByLabelText('Custom tile URL')).toBeNull();

    const map = selectField(dialog, 'Default map');
    expect(map.textContent).toBe('OpenStreetMap');
    await view.user.click(map);
    const options = within(await openListbox()).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['—', 'OpenStreetMap', 'MapTiler streets', 'MapTiler satellite', 'Mapbox streets', 'Mapbox satellite', "This server's map (offline)", 'Custom tile URL', 'Offline atlas (no internet)']);
    await view.user.keyboard('{Escape}');

    await choose(view, map, 'Custom tile URL');
    await fillFields(view, dialog, { 'Custom tile URL': 'https://tiles.example.com/{z}/{x}/{y}.png', 'Mapbox access token': 'pk.new' });
    await saveEntity(view);

    await waitFor(() => expect(app.api.received('PUT', '/api/server')).toHaveLength(1));
    const saved = app.api.received('PUT', '/api/server')[0].json<Server>();
    expect(saved.map).toBe('custom');
    expect(saved.mapUrl).toBe('https://tiles.example.com/{z}/{x}/{y}.png');
    expect(saved.attributes).toEqual({ mapTilerKey: MASK, mapboxAccessToken: 'pk.new' });
  });
});

describe('server settings, legacy map values', () => {
  it("shows a Traccar layer id as ours, and an unknown value as an extra choice saved unchanged", async () => {
    app.api
      .on('GET', '/api/server', serverReply({ map: 'googleRoad' }))
      .on('PUT', '/api/server', (request) => ({ json: request.json() }));
    const view = await app.render(<ServerPage />, { path: '/server', user: makeUser({ id: 1, administrator: true }) });
    const dialog = await screen.findByTestId('entity-dialog');
    const map = selectField(dialog, 'Default map');
    expect(map.textContent).toBe('Other: googleRoad');
    await view.user.click(map);
    const options = within(await openListbox()).getAllByRole('option').map((option) => option.textContent);
    expect(options.slice(0, 3)).toEqual(['—', 'Other: googleRoad', 'OpenStreetMap']);
    await view.user.keyboard('{Escape}');
    await saveEntity(view);
    await waitFor(() => expect(app.api.received('PUT', '/api/server')).toHaveLength(1));
    expect(app.api.received('PUT', '/api/server')[0].json<Server>().map).toBe('googleRoad');
    view.unmount();

    app.api.on('GET', '/api/server', serverReply({ map: 'mapboxSatelliteStreet' }));
    await app.render(<ServerPage />, { path: '/server', user: makeUser({ id: 1, administrator: true }) });
    await waitFor(() => expect(selectField(screen.getByTestId('entity-dialog'), 'Default map').textContent).toBe('Mapbox satellite'));
  });
});

describe('server restart', () => {
  const open = async () => {
    const view = await app.render(<ServerPage />, { path: '/server', user: makeUser({ id: 1, administrator: true }) });
    const dialog = await screen.findByTestId('entity-dialog');
    await view.user.click(within(dialog).getByTestId('server-restart'));
    const confirm = await screen.findByTestId('confirm-dialog');
    return { view, confirm: within(confirm).getByTestId('confirm') };
  };

  it('restarts once on a double click of the confirmation, says so and leaves the settings open', async () => {
    app.api.on('POST', '/api/server/restart', { status: 204, delayMs: 200 });
    const { view, confirm } = await open();
    await expectSentOnce(view, app.api, confirm, 'POST', '/api/server/restart');
    await expectNotice('Server restarting…');
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(screen.getByTestId('entity-dialog')).toBeTruthy();
  });

  it("tells the server's refusal in words", async () => {
    app.api.on('POST', '/api/server/restart', { status: 400, text: 'Write access denied' });
    const { view, confirm } = await open();
    await view.user.click(confirm);
    await expectNotice('ACCESS DENIED', 'error');
    expect(screen.getByTestId('entity-dialog')).toBeTruthy();
  });
});

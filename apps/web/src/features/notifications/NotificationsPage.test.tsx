// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NotificationRule } from '../../api/entities.ts';
import { setupComponentTests } from '../../testing/app.tsx';
import { makeUser } from '../../testing/fixtures.ts';
import { storedWithId } from '../../testing/apiServer.ts';
import { choose, chooseMany, entityDialog, entityRow, entityRows, noticeText, openListbox, saveEntity, selectField, textField, toggle } from '../../testing/queries.ts';
import { expectNotice, expectSentOnce } from '../../testing/saves.ts';
import NotificationsPage from './NotificationsPage.tsx';

const app = setupComponentTests();
const manager = makeUser({ id: 1, name: 'Manager' });

const rules: NotificationRule[] = [
  { id: 11, type: 'geofenceExit', description: 'Left the depot', always: true, calendarId: null, commandId: null, notificators: 'web,mail', attributes: {} },
  { id: 12, type: 'deviceOnline', description: null, always: false, calendarId: null, commandId: null, notificators: 'web', attributes: {} },
];

async function renderRules(list: NotificationRule[] = rules) {
  app.api
    .json('GET', '/api/notifications', list)
    .json('GET', '/api/notifications/types', [{ type: 'alarm' }, { type: 'deviceOnline' }, { type: 'geofenceExit' }])
    // the server delivers the web and mail channels only
    .json('GET', '/api/notifications/notificators', [{ type: 'web' }, { type: 'mail' }])
    .json('GET', '/api/calendars', [{ id: 4, name: 'Working hours', data: '', attributes: {} }]);
  const view = await app.render(<NotificationsPage />, { path: '/notifications', user: manager });
  await waitFor(() => expect(entityRows()).toHaveLength(list.length));
  await waitFor(() => expect(view.client.getQueryData(['notificators'])).toBeDefined());
  return view;
}

describe('notification editor', () => {
  it('lists rules by description, else by type, with their channels', async () => {
    await renderRules();
    expect(entityRows()).toEqual(['Left the depot', 'Device online']);
    expect(within(entityRow('Left the depot')).getByText('Exited geofence · Web, E-mail')).toBeTruthy();
  });

  it('creates an alarm rule for chosen alarms on all devices, by web and e-mail, within a calendar', async () => {
    const view = await renderRules();
    app.api.on('POST', '/api/notifications', storedWithId(20));
    await view.user.click(screen.getByRole('button', { name: 'Add' }));
    expect(within(entityDialog()).getByText('New notification')).toBeTruthy();
    // a new rule starts as an alarm on the web channel
    expect(selectField(entityDialog(), 'Type').textContent).toBe('Alarm');

    await view.fill(textField(entityDialog(), 'Description'), 'Panic button');
    await chooseMany(view, selectField(entityDialog(), 'Alarms'), ['SOS', 'Overspeed']);
    await chooseMany(view, selectField(entityDialog(), 'Channels'), ['E-mail']);
    await view.user.click(toggle(entityDialog(), 'All devices'));
    await choose(view, selectField(entityDialog(), 'Calendar'), 'Working hours');
    await saveEntity(view);

    expect(await noticeText()).toBe('Saved');
    const body = app.api.received('POST', '/api/notifications')[0].json<NotificationRule>();
    expect(body).toEqual({
      type: 'alarm',
      description: 'Panic button',
      always: true,
      calendarId: 4,
      commandId: null,
      notificators: 'web,mail',
      attributes: { alarms: 'sos,overspeed' },
    });
  });

  it('marks the channels the server does not deliver as not configured', async () => {
    const view = await renderRules();
    await view.user.click(screen.getByRole('button', { name: 'Add' }));
    await view.user.click(selectField(entityDialog(), 'Channels'));
    const listbox = await openListbox();

    const options = within(listbox).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual([
      'Web',
      'Push (Firebase)Not configured on the server',
      'TelegramNot configured on the server',
      'SMSNot configured on the server',
      'WhatsAppNot configured on the server',
      'E-mail',
    ]);
  });

  it('will not let a channel the server does not deliver be chosen, nor save it', async () => {
    const view = await renderRules();
    app.api.on('POST', '/api/notifications', storedWithId(21));
    await view.user.click(screen.getByRole('button', { name: 'Add' }));
    await view.user.click(selectField(entityDialog(), 'Channels'));
    const listbox = await openListbox();
    const option = (name: string) => within(listbox).getAllByRole('option').find((candidate) => candidate.querySelector('.MuiListItemText-primary')?.textContent === name)!;
    expect(option('SMS').getAttribute('aria-disabled')).toBe('true');
    expect(option('Telegram').getAttribute('aria-disabled')).toBe('true');
    expect(option('Push (Firebase)').getAttribute('aria-disabled')).toBe('true');
    expect(option('E-mail').getAttribute('aria-disabled')).toBeNull();

    // a click that still reaches it (jsdom has no pointer-events) changes nothing
    await view.user.click(option('SMS'));
    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(document.querySelector('[role="listbox"]')).toBeNull());
    await view.fill(textField(entityDialog(), 'Description'), 'Web only');
    await saveEntity(view);

    expect(await noticeText()).toBe('Saved');
    expect(app.api.received('POST', '/api/notifications')[0].json<NotificationRule>().notificators).toBe('web');
  });

  it('a stored rule still shows a channel no longer delivered, which can be removed', async () => {
    const stale: NotificationRule = { id: 13, type: 'deviceOnline', description: 'Came online', always: false, calendarId: null, commandId: null, notificators: 'web,sms', attributes: {} };
    const view = await renderRules([stale]);
    app.api.on('PUT', '/api/notifications/13', (request) => ({ json: request.json() }));
    await view.user.click(entityRow('Came online'));
    expect(selectField(entityDialog(), 'Channels').textContent).toBe('Web, SMS');

    await chooseMany(view, selectField(entityDialog(), 'Channels'), ['SMS']);
    expect(selectField(entityDialog(), 'Channels').textContent).toBe('Web');
    await saveEntity(view);

    expect(await noticeText()).toBe('Saved');
    expect(app.api.received('PUT', '/api/notifications/13')[0].json<NotificationRule>().notificators).toBe('web');
  });

  it('asks for at least one channel', async () => {
    const view = await renderRules();
    await view.user.click(screen.getByRole('button', { name: 'Add' }));
    // untick the web channel the rule starts with
    await chooseMany(view, selectField(entityDialog(), 'Channels'), ['Web']);
    await saveEntity(view);

    expect((await within(entityDialog()).findByTestId('entity-error')).textContent).toBe('Choose at least one channel.');
    expect(app.api.received('POST', '/api/notifications')).toHaveLength(0);
  });

  it('alarms are asked for alarm rules only, and the on-screen look for the web channel only', async () => {
    const view = await renderRules();
    await view.user.click(entityRow('Device online'));
    expect(within(entityDialog()).getByText('Edit notification')).toBeTruthy();
    expect(within(entityDialog()).queryByText('Alarms')).toBeNull();
    expect(within(entityDialog()).getByText('On-screen alert')).toBeTruthy();

    await chooseMany(view, selectField(entityDialog(), 'Channels'), ['E-mail', 'Web']);
    expect(within(entityDialog()).queryByText('On-screen alert')).toBeNull();

    await choose(view, selectField(entityDialog(), 'Type'), 'Alarm');
    expect(selectField(entityDialog(), 'Alarms')).toBeTruthy();
  });

  it('edits the on-screen look of a web rule and saves it as the rule attributes', async () => {
    const view = await renderRules();
    app.api.on('PUT', '/api/notifications/12', (request) => ({ json: request.json() }));
    await view.user.click(entityRow('Device online'));

    await choose(view, selectField(entityDialog(), 'Sound'), 'Sound 2');
    await choose(view, selectField(entityDialog(), 'Colour'), 'Soft red');
    await choose(view, selectField(entityDialog(), 'Position'), 'Bottom left');
    await view.user.click(toggle(entityDialog(), 'Keep until closed'));
    await saveEntity(view);

    expect(await noticeText()).toBe('Saved');
    expect(app.api.received('PUT', '/api/notifications/12')).toHaveLength(1);
    const body = app.api.received('PUT', '/api/notifications/12')[0].json<NotificationRule>();
    expect(body.id).toBe(12);
    expect(body.attributes).toEqual({ 'tarkan.sound': 'audio2', 'tarkan.color': 'soft-red', 'tarkan.position': 'bottom-left', 'tarkan.pin': true });
  });

  it('sends a test notification once however fast the clicks, and says so', async () => {
    const view = await renderRules();
    app.api.on('POST', '/api/notifications/test', { status: 204, delayMs: 200 });
    await expectSentOnce(view, app.api, screen.getByRole('button', { name: 'Test notification' }), 'POST', '/api/notifications/test');

    expect(await noticeText()).toBe('Test notification sent');
  });

  it("tells a test notification's refusal in words", async () => {
    const view = await renderRules();
    app.api.on('POST', '/api/notifications/test', { status: 400, text: 'Write access denied' });
    await view.user.click(screen.getByRole('button', { name: 'Test notification' }));
    await expectNotice('ACCESS DENIED', 'error');
    expect(entityRows()).toHaveLength(rules.length);
  });
});

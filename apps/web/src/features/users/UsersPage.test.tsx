// @vitest-environment jsdom
import type { User } from '@rastro/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serverReply, setupComponentTests } from '../../testing/app.tsx';
import { makeUser } from '../../testing/fixtures.ts';
import { entityDialog, entityRow, entityRows, fillFields, noticeText, saveEntity, selectField, textField, toggle } from '../../testing/queries.ts';
import UsersPage from './UsersPage.tsx';

const app = setupComponentTests();

const admin = makeUser({ id: 1, name: 'Root', administrator: true });
const bia = makeUser({ id: 2, name: 'Bia Costa', email: 'bia@example.com', phone: '+5511911112222' });
const chief = makeUser({ id: 3, name: 'Chief', administrator: true, email: 'chief@example.com' });
const caio = makeUser({ id: 4, name: 'Caio Dias', email: 'caio@example.com', disabled: true, readonly: true });
const shareVisitor = makeUser({ id: 5, name: 'Link visitor', attributes: { isShared: true } });

/** 32 hex digits with the given bits set, bit 0 being the high bit of the first digit. */
function mask(...bits: number[]): string {
  const digits = new Array<number>(32).fill(0);
  for (const bit of bits) digits[bit >> 2] |= 8 >> (bit & 3);
  return digits.map((digit) => digit.toString(16)).join('');
}
const DEVICES_VIEW = 8;
const DEVICES_CREATE = 9;
const USERS_VIEW = 16;
const USERS_EDIT = 18;
const GEOFENCES_VIEW = 40;
const REPORTS_VIEW = 72;

const ADVANCED = serverReply({ attributes: { 'tarkan.enableAdvancedPerms': true } }, { licenseMode: 'plus' });

async function renderUsers(me: User, users: User[], path = '/users') {
  app.api.on('GET', '/api/users', { json: [me, ...users] });
  const view = await app.render(<UsersPage />, { path, route: '/users', user: me });
  await waitFor(() => expect(entityRows().length).toBeGreaterThan(0));
  await view.serverKnown();
  return view;
}

const USER_LIMIT_TEXT = 'You have reached the number of users your account may create.';

/** A manager who may create `userLimit` users, with the users he manages already (the list leaves himself out). */
async function renderManager(userLimit: number, managed: User[]) {
  app.api.on('GET', '/api/users', { json: managed });
  const view = await app.render(<UsersPage />, { path: '/users', user: makeUser({ id: 7, name: 'Manager', userLimit }) });
  await waitFor(() => expect(entityRows()).toEqual(managed.map((user) => user.name)));
  return view;
}

describe('users page', () => {
  it('lists the users one manages, without oneself or share-link visitors, with their state', async () => {
    await renderUsers(admin, [bia, chief, caio, shareVisitor]);

    expect(entityRows()).toEqual(['Bia Costa', 'Chief', 'Caio Dias']);
    const caioRow = entityRow('Caio Dias');
    expect(within(caioRow).getByText('caio@example.com')).toBeTruthy();
    expect(within(caioRow).getByText('Disabled')).toBeTruthy();
    expect(within(caioRow).getByText('Read only')).toBeTruthy();
    expect(within(entityRow('Chief')).getByText('Administrator')).toBeTruthy();
  });

  it('lists the users of one manager under ?manager=', async () => {
    app.api.on('GET', '/api/users', (request) => ({ json: request.query.get('userId') === '3' ? [caio] : [admin, bia, chief, caio] }));
    await app.render(<UsersPage />, { path: '/users?manager=3', route: '/users', user: admin });

    await waitFor(() => expect(entityRows()).toEqual(['Caio Dias']));
    expect(screen.getByText("Manager's users")).toBeTruthy();
  });

  it('creates a user: a password is required and confirmed, and the confirmation is never sent', async () => {
    const view = await renderUsers(admin, [bia]);
    app.api.on('POST', '/api/users', (request) => ({ json: { ...makeUser({ id: 30 }), ...request.json<Partial<User>>() } }));
    await view.user.click(screen.getByRole('button', { name: 'Add' }));
    expect(within(entityDialog()).getByText('New user')).toBeTruthy();

    await fillFields(view, entityDialog(), { Name: 'Dora Reis', 'E-mail or username': 'dora@example.com' });
    await saveEntity(view);
    expect((await within(entityDialog()).findByTestId('entity-error')).textContent).toBe('Enter a password for the new user.');

    await fillFields(view, entityDialog(), { Password: 'abcd', 'Confirm password': 'abce' });
    await saveEntity(view);
    await waitFor(() => expect(within(entityDialog()).getByTestId('entity-error').textContent).toBe('The passwords do not match.'));
    expect(app.api.received('POST', '/api/users')).toHaveLength(0);

    await fillFields(view, entityDialog(), { 'Confirm password': 'abcd', 'Device limit': '10' });
    await saveEntity(view);

    expect(await noticeText()).toBe('Saved');
    const body = app.api.received('POST', '/api/users')[0].json();
    expect(body).toMatchObject({ name: 'Dora Reis', email: 'dora@example.com', password: 'abcd', deviceLimit: 10, administrator: false });
    expect(body).not.toHaveProperty('passwordConfirm');
    expect(body).not.toHaveProperty('id');
    // the list is read again
    await waitFor(() => expect(app.api.received('GET', '/api/users').length).toBeGreaterThan(1));
  });

  it('stops a manager at his userLimit before asking the server', async () => {
    const view = await renderManager(2, [bia, caio]);
    await view.user.click(screen.getByRole('button', { name: 'Add' }));
    await saveEntity(view);
    expect((await within(entityDialog()).findByTestId('entity-error')).textContent).toBe(USER_LIMIT_TEXT);
    expect(app.api.received('POST', '/api/users')).toHaveLength(0);
  });

  it("below his userLimit sends the new user, and tells the server's refusal in the same words", async () => {
    const view = await renderManager(2, [bia]);
    app.api.on('POST', '/api/users', { status: 400, text: 'Manager user limit reached' });
    await view.user.click(screen.getByRole('button', { name: 'Add' }));
    await fillFields(view, entityDialog(), { Name: 'Dora Reis', 'E-mail or username': 'dora@example.com', Password: 'abcd', 'Confirm password': 'abcd' });
    await saveEntity(view);
    await waitFor(() => expect(within(entityDialog()).getByTestId('entity-error').textContent).toBe(USER_LIMIT_TEXT));
    expect(app.api.received('POST', '/api/users')).toHaveLength(1);
  });

  it('checks the name and e-mail lengths before saving', async () => {
    const view = await renderUsers(admin, [bia]);
    await view.user.click(entityRow('Bia Costa'));
    await fillFields(view, entityDialog(), { Name: 'Bi', 'E-mail or username': 'b@' });
    await saveEntity(view);

    expect(within(entityDialog()).getByText('Please input a name and lastname')).toBeTruthy();
    expect(within(entityDialog()).getByText('Minimum 4 characters required')).toBeTruthy();
    expect(app.api.received('PUT', '/api/users/2')).toHaveLength(0);
  });

  it('edits a user keeping the password unless a new one is typed', async () => {
    const view = await renderUsers(admin, [bia]);
    app.api.on('PUT', '/api/users/2', (request) => ({ json: request.json() }));
    await view.user.click(entityRow('Bia Costa'));
    expect(within(entityDialog()).getByText('Edit user')).toBeTruthy();
    expect(textField(entityDialog(), 'Phone').value).toBe('+5511911112222');

    await view.fill(textField(entityDialog(), 'Phone'), '+5511933334444');
    await view.user.click(toggle(entityDialog(), 'Read only'));
    await saveEntity(view);

    expect(await noticeText()).toBe('Saved');
    expect(app.api.received('PUT', '/api/users/2')).toHaveLength(1);
    const body = app.api.received('PUT', '/api/users/2')[0].json();
    expect(body).toMatchObject({ id: 2, name: 'Bia Costa', phone: '+5511933334444', readonly: true });
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('passwordConfirm');
  });

  it("sets a user's own map keys (read back masked) and shows his Traccar map value as ours", async () => {
    const MASK = '••••••';
    const dani = makeUser({ id: 6, name: 'Dani Melo', email: 'dani@example.com', map: 'mapTilerHybrid', attributes: { mapboxAccessToken: MASK } });
    const view = await renderUsers(admin, [dani]);
    app.api.on('PUT', '/api/users/6', (request) => {
      const sent = request.json<User>();
      return { json: { ...sent, attributes: { ...sent.attributes, mapTilerKey: MASK } } };
    });
    await view.user.click(entityRow('Dani Melo'));
    expect(selectField(entityDialog(), 'Map').textContent).toBe('MapTiler satellite');
    expect(textField(entityDialog(), 'Mapbox access token').value).toBe(MASK);
    expect(within(entityDialog()).getAllByText(/This user's own key: overrides the server's/)).toHaveLength(2);
    await view.fill(textField(entityDialog(), 'MapTiler key'), 'dani-key');
    await saveEntity(view);

    expect(await noticeText()).toBe('Saved');
    const body = app.api.received('PUT', '/api/users/6')[0].json<User>();
    // the new key in clear, the stored one as the mask the server keeps it for
    expect(body.attributes).toEqual({ mapTilerKey: 'dani-key', mapboxAccessToken: MASK });
    expect(body.map).toBe('mapTilerSatellite');
  });

  it('only an administrator may make someone an administrator', async () => {
    const adminView = await renderUsers(admin, [bia]);
    await adminView.user.click(entityRow('Bia Costa'));
    expect(toggle(entityDialog(), 'Administrator')).toBeTruthy();
    adminView.unmount();

    const manager = makeUser({ id: 10, name: 'Manager', userLimit: 5 });
    const managerView = await renderUsers(manager, [bia]);
    await managerView.user.click(entityRow('Bia Costa'));
    expect(within(entityDialog()).getByText('Edit user')).toBeTruthy();
    expect(within(entityDialog()).queryByLabelText('Administrator')).toBeNull();
  });

  it('a manager cannot open or delete a superior administrator', async () => {
    const view = await renderUsers(makeUser({ id: 10, name: 'Manager', userLimit: 5 }), [chief]);
    await view.user.click(entityRow('Chief'));

    expect(await noticeText()).toBe('Cannot edit a superior administrator');
    expect(screen.queryByTestId('entity-dialog')).toBeNull();
    await view.user.click(within(entityRow('Chief').closest('li') as HTMLElement).getByRole('button', { name: 'Delete' }));
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
  });

  it('deletes a user after confirmation', async () => {
    const view = await renderUsers(admin, [bia, caio]);
    app.api.on('DELETE', '/api/users/4', { status: 204 });
    await view.user.click(within(entityRow('Caio Dias').closest('li') as HTMLElement).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete?' });
    expect(within(confirm).getByText('Do you really want to delete "Caio Dias"?')).toBeTruthy();
    await view.user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await noticeText()).toBe('Deleted');
    expect(app.api.received('DELETE', '/api/users/4')).toHaveLength(1);
  });
});

describe('advanced permissions grid', () => {
  it('is not offered when advanced permissions are off', async () => {
    const view = await renderUsers(admin, [bia]);
    await view.user.click(entityRow('Bia Costa'));
    expect(within(entityDialog()).getByText('Edit user')).toBeTruthy();
    expect(within(entityDialog()).queryByTestId('permission-grid')).toBeNull();
  });

  it('an administrator grants any bit and the value is saved as 32 hex digits', async () => {
    app.api.on('GET', '/api/server', ADVANCED).on('PUT', '/api/users/2', (request) => ({ json: request.json() }));
    const view = await renderUsers(admin, [bia]);
    await view.user.click(entityRow('Bia Costa'));
    const grid = await within(entityDialog()).findByTestId('permission-grid');

    const devicesCreate = toggle(grid, 'Devices: Create');
    const reportsView = toggle(grid, 'Reports: View');
    expect([devicesCreate.checked, reportsView.checked]).toEqual([false, false]);
    // every box is open to an administrator
    expect(grid.querySelectorAll('input[type="checkbox"]:disabled')).toHaveLength(0);
    await view.user.click(devicesCreate);
    await view.user.click(reportsView);
    expect(devicesCreate.checked).toBe(true);
    await saveEntity(view);

    expect(await noticeText()).toBe('Saved');
    expect(app.api.received('PUT', '/api/users/2')).toHaveLength(1);
    const sent = app.api.received('PUT', '/api/users/2')[0].json<User>().attributes['tarkan.advancedPerms'];
    expect(sent).toBe('00400000000000000080000000000000');
    expect(sent).toBe(mask(DEVICES_CREATE, REPORTS_VIEW));
  });

  it('a manager sets only bits he holds, and may clear a bit the user has that he lacks', async () => {
    const manager = makeUser({
      id: 10,
      name: 'Manager',
      userLimit: 5,
      attributes: { 'tarkan.advancedPerms': mask(DEVICES_VIEW, DEVICES_CREATE, USERS_VIEW, USERS_EDIT) },
    });
    const dani = makeUser({ id: 6, name: 'Dani Melo', attributes: { 'tarkan.advancedPerms': mask(GEOFENCES_VIEW) } });
    app.api.on('GET', '/api/server', ADVANCED).on('PUT', '/api/users/6', (request) => ({ json: request.json() }));
    const view = await renderUsers(manager, [dani]);
    await view.user.click(entityRow('Dani Melo'));
    const grid = await within(entityDialog()).findByTestId('permission-grid');

    // his own bits are open; others are closed unless the user already has them
    expect(toggle(grid, 'Devices: Create').disabled).toBe(false);
    expect(toggle(grid, 'Devices: Delete').disabled).toBe(true);
    expect(toggle(grid, 'Geofences: Create').disabled).toBe(true);
    const geofencesView = toggle(grid, 'Geofences: View');
    expect([geofencesView.checked, geofencesView.disabled]).toEqual([true, false]);
    // no administrator switch for a manager
    expect(within(entityDialog()).queryByLabelText('Administrator')).toBeNull();

    await view.user.click(geofencesView);
    await view.user.click(toggle(grid, 'Devices: Create'));
    // once cleared, a bit he lacks cannot be set again
    expect(geofencesView.disabled).toBe(true);
    await saveEntity(view);

    expect(await noticeText()).toBe('Saved');
    expect(app.api.received('PUT', '/api/users/6')).toHaveLength(1);
    expect(app.api.received('PUT', '/api/users/6')[0].json<User>().attributes['tarkan.advancedPerms']).toBe(mask(DEVICES_CREATE));
  });

  it('a manager without the users edit bit sees the user but cannot save', async () => {
    const manager = makeUser({ id: 10, name: 'Manager', userLimit: 5, attributes: { 'tarkan.advancedPerms': mask(USERS_VIEW) } });
    app.api.on('GET', '/api/server', ADVANCED);
    const view = await renderUsers(manager, [bia]);
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    await view.user.click(entityRow('Bia Costa'));

    expect(within(entityDialog()).getByText('Edit user')).toBeTruthy();
    expect(within(entityDialog()).queryByTestId('entity-save')).toBeNull();
    expect(textField(entityDialog(), 'Name').disabled).toBe(true);
  });
});

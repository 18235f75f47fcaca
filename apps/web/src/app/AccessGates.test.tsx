// @vitest-environment jsdom
import { formatPermissions, permissionBit, type PermissionAction, type PermissionArea, type Server, type User } from '@rastro/api';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { RequireAccess } from '../access/RequireAccess.tsx';
import AccountPage from '../features/account/AccountPage.tsx';
import GroupsPage from '../features/groups/GroupsPage.tsx';
import ServerPage from '../features/server/ServerPage.tsx';
import { serverReply, setupComponentTests } from '../testing/app.tsx';
import { makeUser } from '../testing/fixtures.ts';
import { saveEntity, toggle } from '../testing/queries.ts';
import { NoRightsNotice } from './NoRightsNotice.tsx';
import { PAGES } from './pages.tsx';
import { SideMenu } from './SideMenu.tsx';
import { UserMenu } from './UserMenu.tsx';

/**
 * Issue 17: advanced permissions gate the whole UI (menus, pages typed by address, a user with no
 * rights told so), read-only accounts are told why, and the server's lock/unlock switch is edited
 * as what it means.
 */
const app = setupComponentTests();

function grant(...rights: [PermissionArea, PermissionAction][]): User['attributes'] {
  const bits = rights.map(([area, action]) => permissionBit(area, action));
  return { 'tarkan.advancedPerms': formatPermissions(Array.from({ length: 128 }, (_, bit) => bits.includes(bit))) };
}
const advanced = () => app.api.on('GET', '/api/server', serverReply({ attributes: { 'tarkan.enableAdvancedPerms': true } }, { licenseMode: 'plus' }));
/**
 * Opens `ui` at `path` as `user` and checks how read-only it is: a read-only account is told why
 * (the notice) and offered no `button`; otherwise the button is there and nothing is said.
 */
async function expectReadOnly(ui: ReactElement, path: string, user: User, readOnly: boolean, button: string): Promise<void> {
  const view = await app.render(ui, { path, user });
  await view.serverKnown();
  if (readOnly) {
    expect((await screen.findByTestId('account-notice')).textContent).toBe('This account is read-only.');
    expect(screen.queryByTestId(button)).toBeNull();
  } else {
    expect(await screen.findByTestId(button)).toBeTruthy();
    expect(screen.queryByTestId('account-notice')).toBeNull();
  }
  view.unmount();
}
// the menus' entries are links (the user menu's with the role of menu items)
const hrefs = (container: HTMLElement) => [...container.querySelectorAll('a')].map((link) => link.getAttribute('href'));

describe('advanced permissions gate the menus and the pages', () => {
  it('the side menu offers Reports only with the reports bit', async () => {
    advanced();
    const view = await app.render(<SideMenu open onClose={() => {}} />, { user: makeUser({ id: 1, attributes: grant(['devices', 'view'], ['geofences', 'view']) }) });
    await view.serverKnown();
    const nav = await screen.findByRole('navigation');
    await waitFor(() => expect(hrefs(nav)).toEqual(['/home', '/devices', '/geofence']));
    view.unmount();

    const reporter = await app.render(<SideMenu open onClose={() => {}} />, { user: makeUser({ id: 1, attributes: grant(['reports', 'view']) }) });
    await reporter.serverKnown();
    await waitFor(() => expect(hrefs(screen.getByRole('navigation'))).toEqual(['/home', '/devices', '/reports']));
  });

  it('a report page typed by address sends a user without the reports right to the map', async () => {
    advanced();
    const reports = PAGES.find((page) => page.path === '/reports')!;
    const view = await app.render(<RequireAccess allowed={reports.allowed!}><div data-testid="reports-page" /></RequireAccess>, {
      path: '/reports?period=today',
      route: '/reports',
      user: makeUser({ id: 1, attributes: grant(['devices', 'view']) }),
    });
    await waitFor(() => expect(view.location().pathname).toBe('/home'));
    expect(screen.queryByTestId('reports-page')).toBeNull();
    view.unmount();

    const allowed = await app.render(<RequireAccess allowed={reports.allowed!}><div data-testid="reports-page" /></RequireAccess>, {
      path: '/reports', user: makeUser({ id: 1, attributes: grant(['reports', 'view']) }),
    });
    expect(await screen.findByTestId('reports-page')).toBeTruthy();
    expect(allowed.location().pathname).toBe('/reports');
  });

  it('the history playback is refused with the reports right too', async () => {
    app.api.on('GET', '/api/server', serverReply({ disableReports: true }));
    const history = PAGES.find((page) => page.path === '/history')!;
    const view = await app.render(<RequireAccess allowed={history.allowed!}><div data-testid="history-page" /></RequireAccess>, {
      path: '/history', user: makeUser({ id: 1 }),
    });
    await waitFor(() => expect(view.location().pathname).toBe('/home'));
  });

  it('the user menu offers Shared links only with the share bit', async () => {
    advanced();
    const view = await app.render(<UserMenu user={makeUser({ id: 1, attributes: grant(['devices', 'view']) })} />, { user: makeUser({ id: 1, attributes: grant(['devices', 'view']) }) });
    await view.serverKnown();
    await view.user.click(screen.getByTestId('user-menu'));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(hrefs(menu)).toContain('/account'));
    expect(hrefs(menu)).not.toContain('/shares');
    view.unmount();

    const sharer = makeUser({ id: 1, attributes: grant(['devices', 'view'], ['extras', 'create']) });
    const again = await app.render(<UserMenu user={sharer} />, { user: sharer });
    await again.serverKnown();
    await again.user.click(screen.getByTestId('user-menu'));
    await waitFor(() => expect(hrefs(screen.getByRole('menu'))).toContain('/shares'));
  });

  it('a user with no right at all reads a sentence saying so, on the map and in the menu', async () => {
    advanced();
    const nobody = makeUser({ id: 1 });
    const view = await app.render(<><NoRightsNotice /><SideMenu open onClose={() => {}} /></>, { user: nobody });
    expect((await screen.findByTestId('no-rights')).textContent).toBe('No permissions have been granted to this account. Ask your administrator for access.');
    expect(screen.getByTestId('no-rights-menu')).toBeTruthy();
    expect(hrefs(screen.getByRole('navigation'))).toEqual(['/home', '/devices']);
    view.unmount();

    // one right is enough not to be told
    const someone = await app.render(<NoRightsNotice />, { user: makeUser({ id: 1, attributes: grant(['devices', 'view']) }) });
    await someone.serverKnown();
    expect(screen.queryByTestId('no-rights')).toBeNull();
    someone.unmount();

    // nor is anyone while advanced permissions are off
    app.api.on('GET', '/api/server', serverReply({}, { licenseMode: 'plus' }));
    const off = await app.render(<NoRightsNotice />, { user: nobody });
    await off.serverKnown();
    expect(screen.queryByTestId('no-rights')).toBeNull();
  });
});

describe('read-only accounts (spec §8)', () => {
  it('a management list tells a read-only user why there is no Add', async () => {
    await expectReadOnly(<GroupsPage />, '/groups', makeUser({ id: 1, readonly: true }), true, 'entity-add');
    // device-read-only changes nothing here: groups are not devices
    await expectReadOnly(<GroupsPage />, '/groups', makeUser({ id: 1, deviceReadonly: true }), false, 'entity-add');
  });

  it('my account is shown without Save to a read-only user, and says why', async () => {
    const view = await app.render(<AccountPage />, { path: '/account', user: makeUser({ id: 1, readonly: true }) });
    await view.serverKnown();
    const dialog = await screen.findByTestId('entity-dialog');
    expect((await within(dialog).findByTestId('account-notice')).textContent).toBe('This account is read-only.');
    expect(within(dialog).queryByTestId('entity-save')).toBeNull();
  });

  it("a read-only server makes everyone's account read-only but the administrators'", async () => {
    app.api.on('GET', '/api/server', serverReply({ readonly: true }));
    await expectReadOnly(<AccountPage />, '/account', makeUser({ id: 1 }), true, 'entity-save');
    await expectReadOnly(<AccountPage />, '/account', makeUser({ id: 2, administrator: true }), false, 'entity-save');
  });
});

describe('the server screen edits the lock/unlock switch as what it means', () => {
  it('shows it on while unset, and stores false only when turned off', async () => {
    app.api.on('PUT', '/api/server', (request) => ({ json: request.json() }));
    const view = await app.render(<ServerPage />, { path: '/server', user: makeUser({ id: 1, administrator: true }) });
    const dialog = await screen.findByTestId('entity-dialog');
    const lockUnlock = toggle(dialog, 'Enable lock and unlock');
    expect(lockUnlock.checked).toBe(true);
    await view.user.click(lockUnlock);
    expect(lockUnlock.checked).toBe(false);
    await saveEntity(view);
    await waitFor(() => expect(app.api.received('PUT', '/api/server')).toHaveLength(1));
    expect(app.api.received('PUT', '/api/server')[0].json<Server>().attributes).toEqual({ 'tarkan.enableLockUnlock': false });
  });
});

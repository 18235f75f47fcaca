import { describe, expect, it } from 'vitest';
import { formatPermissions, permissionBit, type User } from '@rastro/api';
import type { AccessContext } from '../access/permissions.ts';
import { makeUser } from '../testing/fixtures.ts';
import { menuItems } from './menus.ts';
import { PAGES } from './pages.tsx';
import { routeExists } from './routeExists.ts';

const access = (user: Partial<User>, plusLicence = false, advanced = false): AccessContext => ({
  user: makeUser({ id: 1, ...user }),
  plusLicence,
  serverAttributes: { 'tarkan.enableAdvancedPerms': advanced },
});
const links = (items: { to: string }[]) => items.map((item) => item.to);

const SIDE = ['/home', '/devices', '/reports', '/geofence', '/commands', '/groups', '/notifications'];

describe('menus from the page table', () => {
  it('gives an administrator on a plus licence every entry of spec §2, in order', () => {
    const admin = access({ administrator: true }, true);
    expect(links(menuItems('side', admin))).toEqual(SIDE);
    expect(links(menuItems('user', admin))).toEqual([
      '/account', '/logs', '/theme', '/users', '/computed', '/server', '/deleted-devices', '/notifications', '/drivers', '/calendars',
      '/maintenances', '/shares', '/autolink', '/integrations/payment', '/integrations/email', '/deliveries', '/invoices', '/billing', '/reseller',
    ]);
  });

  it('puts every user menu entry in one of its groups', () => {
    const admin = access({ administrator: true }, true);
    const sections = menuItems('user', admin).map(({ to, section }) => [to, section]);
    expect(sections.filter(([, section]) => section === undefined)).toEqual([]);
    expect(Object.fromEntries(sections)).toMatchObject({ '/account': 'account', '/invoices': 'account', '/drivers': 'fleet', '/server': 'admin' });
  });

  it('offers pages without a rule before the access facts are known, and nothing else', () => {
    expect(links(menuItems('side', null))).toEqual(['/home', '/devices']);
    expect(menuItems('user', null)).toEqual([]);
  });

  it('gives a plain user the areas open without advanced permissions', () => {
    const user = access({});
    expect(links(menuItems('side', user))).toEqual(SIDE);
    expect(links(menuItems('user', user))).toEqual(['/account', '/notifications', '/drivers', '/calendars', '/maintenances', '/autolink', '/invoices']);
  });

  it('offers a QR device login nothing: it has its vehicle only (spec §3 tarkan.isQrDeviceId)', () => {
    const vehicle = access({ readonly: true, deviceReadonly: true, attributes: { 'tarkan.isQrDeviceId': 5 } });
    expect(menuItems('side', vehicle)).toEqual([]);
    expect(menuItems('user', vehicle)).toEqual([]);
    // the same account flags without the attribute leave the ordinary read-only menus
    expect(links(menuItems('side', access({ readonly: true, deviceReadonly: true })))).toEqual(SIDE);
  });

  it('refuses every report page, history included, without the reports bit', () => {
    const bits = new Array<boolean>(128).fill(false);
    bits[permissionBit('geofences', 'view')] = true;
    const user = access({ attributes: { 'tarkan.advancedPerms': formatPermissions(bits) } }, true, true);
    expect(links(menuItems('side', user))).toEqual(['/home', '/devices', '/geofence']);
    const reportPages = PAGES.filter((page) => page.path.startsWith('/reports') || page.path === '/history');
    expect(reportPages).toHaveLength(11);
    for (const page of reportPages) expect(page.allowed?.(user)).toBe(false);
    bits[permissionBit('reports', 'view')] = true;
    const reporter = access({ attributes: { 'tarkan.advancedPerms': formatPermissions(bits) } }, true, true);
    for (const page of reportPages) expect(page.allowed?.(reporter)).toBe(true);
  });

  it("refuses reports to a user or a server with Traccar's disableReports", () => {
    expect(links(menuItems('side', access({ disableReports: true })))).not.toContain('/reports');
    const server = { readonly: false, deviceReadonly: false, limitCommands: false, disableReports: true };
    expect(links(menuItems('side', { ...access({}), server }))).not.toContain('/reports');
    expect(links(menuItems('side', { ...access({ administrator: true }), server }))).toContain('/reports');
  });

  it('offers shares only with the share bit, and autolink only with devices.create', () => {
    const bits = new Array<boolean>(128).fill(false);
    bits[permissionBit('devices', 'view')] = true;
    const viewer = access({ attributes: { 'tarkan.advancedPerms': formatPermissions(bits) } }, true, true);
    expect(links(menuItems('user', viewer))).not.toContain('/shares');
    expect(links(menuItems('user', viewer))).not.toContain('/autolink');
    bits[permissionBit('extras', 'create')] = true;
    bits[permissionBit('devices', 'create')] = true;
    const sharer = access({ attributes: { 'tarkan.advancedPerms': formatPermissions(bits) } }, true, true);
    expect(links(menuItems('user', sharer))).toEqual(expect.arrayContaining(['/shares', '/autolink']));
  });

  it('gives a share-link user the map and the devices only', () => {
    // as the server makes a share link whose sharer did not allow reports (web.shareDevice.reports)
    const shared = access({ temporary: true, readonly: true, disableReports: true }, true);
    expect(links(menuItems('side', shared))).toEqual(['/home', '/devices']);
    // one that allows them reports as the server lets it (its shell has no menu to offer them)
    expect(links(menuItems('side', access({ temporary: true, readonly: true }, true)))).toEqual(['/home', '/devices', '/reports']);
    expect(menuItems('user', shared)).toEqual([]);
  });

  it('knows which addresses a page answers', () => {
    expect(routeExists('/integrations/payment')).toBe(true);
    expect(routeExists('/devices/12')).toBe(true);
    expect(routeExists('/')).toBe(false);
    expect(routeExists('/nowhere')).toBe(false);
  });
});

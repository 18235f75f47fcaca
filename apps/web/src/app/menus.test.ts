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
      '/account', '/logs', '/theme', '/users', '/computed', '/server', '/notifications', '/drivers', '/calendars',
      '/maintenances', '/shares', '/autolink', '/integrations/payment', '/integrations/email', '/invoices', '/billing', '/reseller',
    ]);
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

  it('hides the reports entry without the reports bit, while the page itself stays open', () => {
    const bits = new Array<boolean>(128).fill(false);
    bits[permissionBit('geofences', 'view')] = true;
    const user = access({ attributes: { 'tarkan.advancedPerms': formatPermissions(bits) } }, true, true);
    expect(links(menuItems('side', user))).toEqual(['/home', '/devices', '/geofence']);
    expect(PAGES.find((page) => page.path === '/reports')?.allowed).toBeUndefined();
  });

  it('gives a share-link user the map and the devices only', () => {
    const shared = access({ temporary: true }, true);
    expect(links(menuItems('side', shared))).toEqual(['/home', '/devices']);
    expect(menuItems('user', shared)).toEqual([]);
  });

  it('knows which addresses a page answers', () => {
    expect(routeExists('/integrations/payment')).toBe(true);
    expect(routeExists('/devices/12')).toBe(true);
    expect(routeExists('/')).toBe(false);
    expect(routeExists('/nowhere')).toBe(false);
  });
});

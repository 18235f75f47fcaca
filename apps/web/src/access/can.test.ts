import { describe, expect, it } from 'vitest';
import { formatPermissions, permissionBit, type User } from '@rastro/api';
import { can } from './can.ts';

const user = (over: Partial<User> = {}): User => ({
  id: 2, name: 'Ana', login: null, email: 'ana', phone: null, readonly: false, administrator: false, map: null, latitude: 0,
  longitude: 0, zoom: 0, password: null, coordinateFormat: null, disabled: false, expirationTime: null, deviceLimit: -1,
  userLimit: 0, deviceReadonly: false, limitCommands: false, disableReports: false, fixedEmail: false, poiLayer: null,
  totpKey: null, temporary: false, attributes: {}, ...over,
});
const context = (u: User, advanced = false) => ({
  user: u, serverAttributes: { 'tarkan.enableAdvancedPerms': advanced }, plusLicence: true, serverReadonly: false,
});

describe('can', () => {
  it('lets administrators do everything and readonly users only look', () => {
    expect(can(context(user({ administrator: true })), 'attributes', 'delete')).toBe(true);
    expect(can(context(user({ readonly: true })), 'geofences', 'view')).toBe(true);
    expect(can(context(user({ readonly: true })), 'geofences', 'create')).toBe(false);
  });

  it('keeps computed attributes and limited commands from regular users', () => {
    expect(can(context(user()), 'attributes', 'edit')).toBe(false);
    expect(can(context(user({ limitCommands: true })), 'commands', 'create')).toBe(false);
    expect(can(context(user()), 'commands', 'create')).toBe(true);
  });

  it('reads the advanced bits when the server option is on', () => {
    const bits = new Array<boolean>(128).fill(false);
    bits[permissionBit('geofences', 'view')] = true;
    bits[permissionBit('geofences', 'edit')] = true;
    const u = user({ attributes: { 'tarkan.advancedPerms': formatPermissions(bits) } });
    expect(can(context(u, true), 'geofences', 'edit')).toBe(true);
    expect(can(context(u, true), 'geofences', 'delete')).toBe(false);
    expect(can(context(u, false), 'geofences', 'delete')).toBe(true);
  });

  it('gives share-link users nothing', () => {
    expect(can(context(user({ attributes: { isShared: true } })), 'groups', 'view')).toBe(false);
  });
});

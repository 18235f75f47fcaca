import { describe, expect, it } from 'vitest';
import { formatPermissions, permissionBit, type PermissionAction, type PermissionArea, type User } from '@rastro/api';
import {
  accountRestriction, areaAllowed, hasNoRights, isPlusLicence, mayCreateDevices, mayManageUsers, mayReport, mayShare, type AccessContext,
} from './permissions.ts';

function user(overrides: Partial<User> = {}): User {
  return {
    id: 2, name: 'Ana', login: null, email: 'ana@example.com', phone: null, readonly: false, administrator: false, map: null,
    latitude: 0, longitude: 0, zoom: 0, password: null, coordinateFormat: null, disabled: false, expirationTime: null,
    deviceLimit: -1, userLimit: 0, deviceReadonly: false, limitCommands: false, disableReports: false, fixedEmail: false,
    poiLayer: null, totpKey: null, temporary: false, attributes: {}, ...overrides,
  };
}

const context = (u: User, advanced = false, plusLicence = true): AccessContext => ({
  user: u, plusLicence, serverAttributes: advanced ? { 'tarkan.enableAdvancedPerms': true } : {},
});

describe('areaAllowed', () => {
  it('always allows administrators and never shared users or drivers', () => {
    expect(areaAllowed('drivers', context(user({ administrator: true }), true))).toBe(true);
    expect(areaAllowed('drivers', context(user({ attributes: { isShared: true } })))).toBe(false);
    expect(areaAllowed('drivers', context(user({ attributes: { 'tarkan.isQrDriverId': 5 } })))).toBe(false);
  });

  it('allows everyone else while advanced permissions are off', () => {
    expect(areaAllowed('maintenance', context(user()))).toBe(true);
    // on, but without a plus licence: still off
    expect(areaAllowed('maintenance', context(user(), true, false))).toBe(true);
  });

  it("reads the user's bit for the area and action while advanced permissions are on", () => {
    // bit 8: devices/view; bit 12: devices/lock
    const devicesOnly = user({ attributes: { 'tarkan.advancedPerms': '00880000000000000000000000000000' } });
    expect(areaAllowed('devices', context(devicesOnly, true))).toBe(true);
    expect(areaAllowed('devices', context(devicesOnly, true), 'lock')).toBe(true);
    expect(areaAllowed('devices', context(devicesOnly, true), 'unlock')).toBe(false);
    expect(areaAllowed('maintenance', context(devicesOnly, true))).toBe(false);
  });
});

describe('mayManageUsers', () => {
  it('needs a user limit of -1 or above 0, or the administrator flag', () => {
    expect(mayManageUsers(context(user({ userLimit: 0 })))).toBe(false);
    expect(mayManageUsers(context(user({ userLimit: -1 })))).toBe(true);
    expect(mayManageUsers(context(user({ userLimit: 3 })))).toBe(true);
    expect(mayManageUsers(context(user({ administrator: true })))).toBe(true);
  });
});

describe('isPlusLicence', () => {
  it('recognises the plus licence header', () => {
    expect(isPlusLicence('plus')).toBe(true);
    expect(isPlusLicence(' PLUS ')).toBe(true);
    expect(isPlusLicence('free')).toBe(false);
    expect(isPlusLicence(null)).toBe(false);
  });
});

const granting = (...rights: [PermissionArea, PermissionAction][]) => {
  const bits = new Array<boolean>(128).fill(false);
  for (const [area, action] of rights) bits[permissionBit(area, action)] = true;
  return user({ attributes: { 'tarkan.advancedPerms': formatPermissions(bits) } });
};
const serverRules = { readonly: false, deviceReadonly: false, limitCommands: false, disableReports: false };

describe('mayReport', () => {
  it("follows the server's report routes: disableReports, drivers and the reports bit", () => {
    expect(mayReport(context(user()))).toBe(true);
    expect(mayReport(context(user({ disableReports: true })))).toBe(false);
    expect(mayReport({ ...context(user()), server: { ...serverRules, disableReports: true } })).toBe(false);
    expect(mayReport({ ...context(user({ administrator: true })), server: { ...serverRules, disableReports: true } })).toBe(true);
    expect(mayReport(context(user({ attributes: { 'tarkan.isQrDriverId': 4 } })))).toBe(false);
    expect(mayReport(context(granting(['devices', 'view']), true))).toBe(false);
    expect(mayReport(context(granting(['reports', 'view']), true))).toBe(true);
  });
});

describe('mayShare', () => {
  it('needs the plus licence, the share bit, and a server that shares', () => {
    expect(mayShare(context(user()))).toBe(true);
    expect(mayShare(context(user(), false, false))).toBe(false);
    expect(mayShare(context(granting(['devices', 'view']), true))).toBe(false);
    expect(mayShare(context(granting(['extras', 'create']), true))).toBe(true);
    expect(mayShare({ ...context(user()), serverAttributes: { disableShare: true } })).toBe(false);
    expect(mayShare(context(user({ temporary: true })))).toBe(false);
  });
});

describe('accountRestriction and mayCreateDevices', () => {
  it("names the account's restriction, the user's or the server's", () => {
    expect(accountRestriction(context(user()))).toBeNull();
    expect(accountRestriction(context(user({ readonly: true, deviceReadonly: true })))).toBe('ACCOUNT_IS_READONLY');
    expect(accountRestriction(context(user({ deviceReadonly: true })))).toBe('ACCOUNT_IS_DEVICE_READONLY');
    expect(accountRestriction({ ...context(user()), server: { ...serverRules, readonly: true } })).toBe('ACCOUNT_IS_READONLY');
    expect(accountRestriction({ ...context(user()), server: { ...serverRules, deviceReadonly: true } })).toBe('ACCOUNT_IS_DEVICE_READONLY');
    expect(accountRestriction(context(user({ administrator: true, readonly: true })))).toBeNull();
    // a share link is read-only by nature and is offered no writes
    expect(accountRestriction(context(user({ temporary: true, readonly: true })))).toBeNull();
  });

  it('lets devices be added without a restriction and, under advanced permissions, with devices.create', () => {
    expect(mayCreateDevices(context(user()))).toBe(true);
    expect(mayCreateDevices(context(user({ deviceReadonly: true })))).toBe(false);
    expect(mayCreateDevices(context(granting(['devices', 'view'], ['devices', 'edit']), true))).toBe(false);
    expect(mayCreateDevices(context(granting(['devices', 'create']), true))).toBe(true);
  });
});

describe('hasNoRights', () => {
  it('is a user under advanced permissions without a single bit', () => {
    expect(hasNoRights(context(user(), true))).toBe(true);
    expect(hasNoRights(context(user(), false))).toBe(false);
    expect(hasNoRights(context(user(), true, false))).toBe(false);
    expect(hasNoRights(context(granting(['devices', 'view']), true))).toBe(false);
    expect(hasNoRights(context(user({ administrator: true }), true))).toBe(false);
  });
});

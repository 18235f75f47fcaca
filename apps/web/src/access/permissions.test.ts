import { describe, expect, it } from 'vitest';
import type { User } from '@rastro/api';
import { areaAllowed, isPlusLicence, mayManageUsers, type AccessContext } from './permissions.ts';

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

import { describe, expect, it } from 'vitest';
import { ENGINE_COMMANDS, formatPermissions, grantsAnything, hasPermission, isEngineCommand, lockUnlockEnabled, parsePermissions, permissionBit } from './permissions.ts';

describe('advanced permissions', () => {
  it('reads 32 hex digits as 128 bits, most significant first', () => {
    const bits = parsePermissions('00800000000000000000000000000000');
    expect(bits.findIndex(Boolean)).toBe(8);
    expect(hasPermission('00800000000000000000000000000000', 'devices', 'view')).toBe(true);
    expect(hasPermission('00800000000000000000000000000000', 'devices', 'create')).toBe(false);
  });

  it('round-trips and places every area at its index', () => {
    const bits = new Array<boolean>(128).fill(false);
    bits[permissionBit('maintenance', 'delete')] = true;
    bits[permissionBit('devices', 'lock')] = true;
    const text = formatPermissions(bits);
    expect(text).toHaveLength(32);
    expect(parsePermissions(text)).toEqual(bits);
    expect(permissionBit('maintenance', 'view')).toBe(96);
    expect(permissionBit('reports', 'view')).toBe(72);
  });

  it('grants nothing for malformed values', () => {
    expect(parsePermissions('xyz').some(Boolean)).toBe(false);
    expect(parsePermissions(undefined).some(Boolean)).toBe(false);
  });
});

describe('lock and unlock switch', () => {
  it('is on unless the server attribute says false', () => {
    expect(lockUnlockEnabled({})).toBe(true);
    expect(lockUnlockEnabled({ 'tarkan.enableLockUnlock': true })).toBe(true);
    expect(lockUnlockEnabled({ 'tarkan.enableLockUnlock': false })).toBe(false);
    expect(lockUnlockEnabled({ 'tarkan.enableLockUnlock': 'false' })).toBe(false);
  });

  it('knows the engine commands and which bit each needs', () => {
    expect(isEngineCommand('engineStop') && ENGINE_COMMANDS.engineStop).toBe('lock');
    expect(isEngineCommand('engineResume') && ENGINE_COMMANDS.engineResume).toBe('unlock');
    expect(isEngineCommand('custom')).toBe(false);
  });

  it('tells a user with no bit at all', () => {
    expect(grantsAnything('00000000000000000000000000000000')).toBe(false);
    expect(grantsAnything(undefined)).toBe(false);
    expect(grantsAnything('00000000000000000000000000000001')).toBe(true);
  });
});

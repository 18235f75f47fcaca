import { ADVANCED_PERMISSIONS_KEY, QR_DEVICE_STATE, type Attributes } from '@rastro/api';
import { describe, expect, it } from 'vitest';
import { DEVICE_POLICY, USER_POLICY, applyFieldPolicy, userActor, type Fields, type Grantor } from '../src/domain/field-policy.ts';

/** The field policy's edge rules, as pure functions (the API tests run the whole table against the server). */

const DAY = 86_400_000;
const manager = (perms: string, expirationTime: number | null = null): Grantor & { id: number } =>
  ({ id: 1, administrator: false, deviceLimit: 10, expirationTime, attributes: { [ADVANCED_PERMISSIONS_KEY]: perms } });
const stored = (columns: Record<string, unknown>, attributes: Attributes = {}): Fields => ({ columns, attributes });

describe('the field policy', () => {
  it('names the actor by the caller\'s relation to the user written', () => {
    const plain = manager('0'.repeat(32));
    expect(userActor(null, null, true)).toBe('administrator');
    expect(userActor(null, null, false)).toBe('anonymous');
    expect(userActor({ ...plain, administrator: true }, 1, false)).toBe('administrator');
    expect(userActor(plain, 1, false)).toBe('self');
    expect(userActor(plain, 2, false)).toBe('manager');
    expect(userActor({ ...plain, attributes: { reseller: true } }, 2, false)).toBe('reseller');
    expect(userActor({ ...plain, attributes: { reseller: true, subReseller: true } }, 2, false)).toBe('subReseller');
  });

  it('lets a manager clear bits he does not hold but set only his own or those already there', () => {
    const grantor = manager('f0000000000000000000000000000000');
    const before = stored({}, { [ADVANCED_PERMISSIONS_KEY]: '0f000000000000000000000000000000' });
    const saved = (requested: string) =>
      applyFieldPolicy(USER_POLICY, 'manager', grantor, { columns: {}, attributes: { [ADVANCED_PERMISSIONS_KEY]: requested } }, before).attributes[ADVANCED_PERMISSIONS_KEY];
    expect(saved('ffff0000000000000000000000000000')).toBe('ff000000000000000000000000000000');
    expect(saved('00000000000000000000000000000000')).toBe('00000000000000000000000000000000');
    // a value that is not 32 hex digits grants nothing
    expect(saved('not bits')).toBe('0'.repeat(32));
  });

  it('caps an expiry at the manager\'s own, or at the one the user already has ("never" included)', () => {
    const now = Date.UTC(2026, 0, 1);
    const grantor = manager('0'.repeat(32), now + 30 * DAY);
    const save = (had: number | null, requested: number | null) =>
      applyFieldPolicy(USER_POLICY, 'manager', grantor, { columns: { expirationTime: requested }, attributes: {} }, stored({ expirationTime: had })).columns.expirationTime;
    expect(save(now, now + 60 * DAY)).toBe(now + 30 * DAY);
    expect(save(now, null)).toBe(now + 30 * DAY);
    expect(save(now + 90 * DAY, now + 90 * DAY)).toBe(now + 90 * DAY);
    expect(save(now + 90 * DAY, now + 5 * DAY)).toBe(now + 5 * DAY);
    expect(save(null, null)).toBe(null);
    const create = applyFieldPolicy(USER_POLICY, 'manager', grantor, { columns: { expirationTime: null }, attributes: {} }, null);
    expect(create.columns.expirationTime).toBe(now + 30 * DAY);
  });

  it('leaves columns a writer may not change out of the update, and gives them their default on create', () => {
    const requested = { columns: { administrator: 1, deviceLimit: -1, userLimit: -1, disabled: 1, name: 'X' }, attributes: {} };
    expect(applyFieldPolicy(USER_POLICY, 'self', null, requested, stored({ administrator: 0 })).columns).toEqual({ name: 'X' });
    expect(applyFieldPolicy(USER_POLICY, 'manager', manager('0'.repeat(32)), requested, null).columns)
      .toEqual({ administrator: 0, deviceLimit: 10, userLimit: 0, disabled: 1, name: 'X' });
    expect(applyFieldPolicy(USER_POLICY, 'anonymous', null, requested, null).columns)
      .toEqual({ administrator: 0, deviceLimit: -1, userLimit: 0, disabled: 0, name: 'X' });
  });

  it('keeps the server\'s marks whatever the body says, administrators included', () => {
    const user = applyFieldPolicy(USER_POLICY, 'administrator', null, { columns: {}, attributes: { isShared: false, 'tarkan.isQrDriverId': 9 } },
      stored({}, { isShared: true }));
    expect(user.attributes).toEqual({ isShared: true });
    const device = applyFieldPolicy(DEVICE_POLICY, 'administrator', null, { columns: {}, attributes: { [QR_DEVICE_STATE.driverId]: 5, plate: 'B' } },
      stored({}, { [QR_DEVICE_STATE.driverId]: 3, plate: 'A' }));
    expect(device.attributes).toEqual({ [QR_DEVICE_STATE.driverId]: 3, plate: 'B' });
  });

  it('refuses making someone a reseller without the right, and keeps a billing key a plain manager sends', () => {
    expect(() => applyFieldPolicy(USER_POLICY, 'reseller', manager(''), { columns: {}, attributes: { reseller: true } }, stored({})))
      .toThrow('Sub-reseller access required');
    const kept = applyFieldPolicy(USER_POLICY, 'manager', manager(''), { columns: {}, attributes: { billingPrice: 1 } }, stored({}, { billingPrice: 50 }));
    expect(kept.attributes).toEqual({ billingPrice: 50 });
  });
});

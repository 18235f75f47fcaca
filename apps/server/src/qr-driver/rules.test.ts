import { describe, expect, it } from 'vitest';
import { ClientError } from '../domain/errors.ts';
import { checkedIn, checkedOut, deviceQrState, keepQrDriverMark, keepQrState, logoutRescheduled, qrSettings, validateQr } from './rules.ts';

const T = Date.UTC(2025, 0, 10, 8, 0);
const MINUTE = 60_000;

describe('QR driver rules', () => {
  it('reads the settings, timeouts only when their switch is on', () => {
    expect(qrSettings({ 'tarkan.qrEnable': true, 'tarkan.qrUsername': ' ana ', 'tarkan.qrAutoLogoutTimeout': 30, 'tarkan.qrLockWithoutDriver': true, 'tarkan.qrLockDeviceTimeout': '5' }))
      .toEqual({ enabled: true, username: 'ana', unlockDevice: false, autoLogoutMinutes: null, lockMinutes: 5 });
  });

  it('takes the password off the attributes and refuses incomplete settings', () => {
    expect(validateQr({ 'tarkan.qrEnable': true, 'tarkan.qrUsername': 'motorista', 'tarkan.qrPassword': 'abcd' }))
      .toEqual({ attributes: { 'tarkan.qrEnable': true, 'tarkan.qrUsername': 'motorista' }, password: 'abcd' });
    expect(validateQr({ 'tarkan.qrPassword': '' })).toEqual({ attributes: {}, password: null });
    expect(() => validateQr({ 'tarkan.qrEnable': true, 'tarkan.qrUsername': 'motorista', 'tarkan.qrAutoLogout': true, 'tarkan.qrAutoLogoutTimeout': 0 })).toThrow(ClientError);
    expect(() => validateQr({ 'tarkan.qrEnable': true, 'tarkan.qrUsername': 'motorista', 'tarkan.qrPassword': 5 })).toThrow(ClientError);
  });

  it('moves the device through check-in, rescheduling and check-out', () => {
    const settings = qrSettings({ 'tarkan.qrEnable': true, 'tarkan.qrAutoLogout': true, 'tarkan.qrAutoLogoutTimeout': 60 });
    const inside = checkedIn({ plate: 'X', 'tarkan.qrLockTime': 'pending' }, { id: 3, uniqueId: 'card-3' }, settings, T);
    expect(inside).toEqual({
      plate: 'X', 'tarkan.qrDriverId': 3, 'tarkan.qrDriverUniqueId': 'card-3',
      'tarkan.qrCheckinTime': new Date(T).toISOString(), 'tarkan.qrLogoutTime': new Date(T + 60 * MINUTE).toISOString(),
    });
    expect(deviceQrState(inside)).toEqual({ driverId: 3, checkinTime: T, logoutTime: T + 60 * MINUTE, lockTime: null });
    const shorter = logoutRescheduled(inside, { ...settings, autoLogoutMinutes: 15 }, 'card-3b');
    expect(deviceQrState(shorter).logoutTime).toBe(T + 15 * MINUTE);
    expect(shorter['tarkan.qrDriverUniqueId']).toBe('card-3b');
    expect(checkedOut(inside, 10, T + MINUTE)).toEqual({ plate: 'X', 'tarkan.qrLockTime': new Date(T + 11 * MINUTE).toISOString() });
    expect(checkedOut(inside, null, T)).toEqual({ plate: 'X' });
  });

  it('keeps the server state and the account mark whatever a client sends', () => {
    expect(keepQrState({ plate: 'Y', 'tarkan.qrDriverId': 99 }, { 'tarkan.qrDriverId': 3, plate: 'X' })).toEqual({ plate: 'Y', 'tarkan.qrDriverId': 3 });
    expect(keepQrState({ 'tarkan.qrLockTime': 'x' }, {})).toEqual({});
    expect(JSON.parse(keepQrDriverMark('{"a":1,"tarkan.isQrDriverId":7}', {}))).toEqual({ a: 1 });
    expect(JSON.parse(keepQrDriverMark('{}', { 'tarkan.isQrDriverId': 7 }))).toEqual({ 'tarkan.isQrDriverId': 7 });
  });
});

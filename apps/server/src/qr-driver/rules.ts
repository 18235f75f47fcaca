import { QR_DEVICE_STATE, QR_DRIVER_ATTRIBUTES as A, QR_DRIVER_USER_KEY, type Attributes } from '@rastro/api';
import { ClientError } from '../domain/errors.ts';

/**
 * Pure rules of the QR driver: reading a driver's QR settings, validating them, and the
 * device-attribute transitions of check-in, check-out and the two timeouts.
 */

export interface QrSettings {
  enabled: boolean;
  username: string;
  unlockDevice: boolean;
  /** Minutes after check-in, null when off. */
  autoLogoutMinutes: number | null;
  /** Minutes without a driver after a check-out, null when off. */
  lockMinutes: number | null;
}

const on = (value: unknown) => value === true || value === 'true';
const minutes = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/**
 * The server's switch for QR drivers (spec §3 server settings `enableQrDriverId`, attribute
 * `tarkan.enableQrDriverId`): off, no driver checks in and no vehicle is locked for want of one.
 */
export function qrDriversEnabled(serverAttributes: Attributes): boolean {
  return on(serverAttributes['tarkan.enableQrDriverId']);
}

export function qrSettings(attributes: Attributes): QrSettings {
  return {
    enabled: on(attributes[A.enable]),
    username: typeof attributes[A.username] === 'string' ? (attributes[A.username] as string).trim() : '',
    unlockDevice: on(attributes[A.unlockDevice]),
    autoLogoutMinutes: on(attributes[A.autoLogout]) ? minutes(attributes[A.autoLogoutTimeout]) : null,
    lockMinutes: on(attributes[A.lockWithoutDriver]) ? minutes(attributes[A.lockDeviceTimeout]) : null,
  };
}

/**
 * Checks the QR fields of a driver body and splits off the password, which is never stored
 * among the attributes. Throws a 400 naming the field at fault.
 */
export function validateQr(attributes: Attributes): { attributes: Attributes; password: string | null } {
  const { [A.password]: rawPassword, ...kept } = attributes;
  const password = typeof rawPassword === 'string' && rawPassword !== '' ? rawPassword : null;
  if (rawPassword !== undefined && rawPassword !== null && typeof rawPassword !== 'string') throw new ClientError(`attributes.${A.password}: must be text`);
  if (!on(kept[A.enable])) return { attributes: kept, password };
  const username = kept[A.username];
  if (typeof username !== 'string' || username.trim().length < 4) {
    throw new ClientError(`attributes.${A.username}: the QR username is required, at least 4 characters`);
  }
  kept[A.username] = username.trim();
  if (password !== null && password.length < 4) throw new ClientError(`attributes.${A.password}: the QR password needs at least 4 characters`);
  if (on(kept[A.autoLogout])) {
    const value = minutes(kept[A.autoLogoutTimeout]);
    if (value === null || value <= 0) throw new ClientError(`attributes.${A.autoLogoutTimeout}: minutes after check-in, a number above 0`);
  }
  if (on(kept[A.lockWithoutDriver])) {
    const value = minutes(kept[A.lockDeviceTimeout]);
    if (value === null || value < 0) throw new ClientError(`attributes.${A.lockDeviceTimeout}: minutes without a driver, a number of 0 or more`);
  }
  return { attributes: kept, password };
}

export function qrDriverIdOf(userAttributes: Attributes): number | null {
  const id = Number(userAttributes[QR_DRIVER_USER_KEY]);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The check-in state a device carries. */
export interface DeviceQrState {
  driverId: number | null;
  checkinTime: number | null;
  logoutTime: number | null;
  lockTime: number | null;
}

const time = (value: unknown): number | null => {
  if (typeof value !== 'string') return null;
  const millis = Date.parse(value);
  return Number.isFinite(millis) ? millis : null;
};

export function deviceQrState(attributes: Attributes): DeviceQrState {
  const driverId = Number(attributes[QR_DEVICE_STATE.driverId]);
  return {
    driverId: Number.isInteger(driverId) && driverId > 0 ? driverId : null,
    checkinTime: time(attributes[QR_DEVICE_STATE.checkinTime]),
    logoutTime: time(attributes[QR_DEVICE_STATE.logoutTime]),
    lockTime: time(attributes[QR_DEVICE_STATE.lockTime]),
  };
}

const iso = (millis: number) => new Date(millis).toISOString();
const MINUTE = 60_000;

const STATE_KEYS: ReadonlySet<string> = new Set(Object.values(QR_DEVICE_STATE));

function withoutState(attributes: Attributes): Attributes {
  return Object.fromEntries(Object.entries(attributes).filter(([key]) => !STATE_KEYS.has(key)));
}

/** The driver takes the device: any pending lock is cancelled. */
export function checkedIn(attributes: Attributes, driver: { id: number; uniqueId: string }, settings: QrSettings, now: number): Attributes {
  return {
    ...withoutState(attributes),
    [QR_DEVICE_STATE.driverId]: driver.id,
    [QR_DEVICE_STATE.driverUniqueId]: driver.uniqueId,
    [QR_DEVICE_STATE.checkinTime]: iso(now),
    ...(settings.autoLogoutMinutes !== null ? { [QR_DEVICE_STATE.logoutTime]: iso(now + settings.autoLogoutMinutes * MINUTE) } : {}),
  };
}

/** The device is left without a driver; with the leaving driver's lock setting, engineStop becomes due. */
export function checkedOut(attributes: Attributes, lockMinutes: number | null, now: number): Attributes {
  return {
    ...withoutState(attributes),
    ...(lockMinutes !== null ? { [QR_DEVICE_STATE.lockTime]: iso(now + lockMinutes * MINUTE) } : {}),
  };
}

/** The pending lock was claimed (engineStop goes out once). */
export function lockClaimed(attributes: Attributes): Attributes {
  const { [QR_DEVICE_STATE.lockTime]: _claimed, ...out } = attributes;
  return out;
}

/** A driver's settings changed while checked in: the automatic check-out follows them. */
export function logoutRescheduled(attributes: Attributes, settings: QrSettings, uniqueId: string): Attributes {
  const state = deviceQrState(attributes);
  const { [QR_DEVICE_STATE.logoutTime]: _rescheduled, ...others } = attributes;
  const out: Attributes = { ...others, [QR_DEVICE_STATE.driverUniqueId]: uniqueId };
  if (state.checkinTime !== null && settings.autoLogoutMinutes !== null) {
    out[QR_DEVICE_STATE.logoutTime] = iso(state.checkinTime + settings.autoLogoutMinutes * MINUTE);
  }
  return out;
}

/** Device attributes a client may not set: the server's check-in state is kept as stored. */
export function keepQrState(input: Attributes, stored: Attributes): Attributes {
  const out = withoutState(input);
  for (const key of Object.values(QR_DEVICE_STATE)) if (stored[key] !== undefined) out[key] = stored[key];
  return out;
}

/** Only the server marks an account as a QR driver's: the users API keeps the stored mark, whatever the body says. */
export function keepQrDriverMark(attributesJson: string, stored: Attributes): string {
  const { [QR_DRIVER_USER_KEY]: _sent, ...attributes } = JSON.parse(attributesJson) as Attributes;
  if (stored[QR_DRIVER_USER_KEY] !== undefined) attributes[QR_DRIVER_USER_KEY] = stored[QR_DRIVER_USER_KEY];
  return JSON.stringify(attributes);
}

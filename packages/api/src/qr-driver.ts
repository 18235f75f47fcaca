import { z } from 'zod';

/**
 * QR-code driver check-in (spec §2 /qr-driver, §3 Driver QR fields, §7 POST /tarkan/qr-driver).
 * A driver with QR enabled signs in with its own account (user attribute `tarkan.isQrDriverId`)
 * and checks in to a vehicle by scanning the QR code printed for it.
 */

/** Driver attributes edited on the drivers screen; timeouts are in minutes. */
export const QR_DRIVER_ATTRIBUTES = {
  enable: 'tarkan.qrEnable',
  username: 'tarkan.qrUsername',
  /** Write-only: the server keeps only the hash, on the driver's account. */
  password: 'tarkan.qrPassword',
  unlockDevice: 'tarkan.qrUnlockDevice',
  autoLogout: 'tarkan.qrAutoLogout',
  autoLogoutTimeout: 'tarkan.qrAutoLogoutTimeout',
  lockWithoutDriver: 'tarkan.qrLockWithoutDriver',
  lockDeviceTimeout: 'tarkan.qrLockDeviceTimeout',
} as const;

/** User attribute naming the driver a QR account signs in as. */
export const QR_DRIVER_USER_KEY = 'tarkan.isQrDriverId';

/**
 * User attribute naming the one vehicle a QR device login is tied to (spec §3, §6): the login
 * behind a vehicle's access QR code, which sees that vehicle only and changes nothing.
 */
export const QR_DEVICE_USER_KEY = 'tarkan.isQrDeviceId';

/** POST /tarkan/devices/{id}/qr-access answers the link's secret once; GET tells whether one is active. */
export interface QrDeviceAccess {
  deviceId: number;
  active: boolean;
  /** ISO 8601 UTC; when the current code was issued. */
  createdTime?: string;
  /** Only in the answer that issues it: the sign-in token the QR code's link carries. */
  token?: string;
}

/**
 * Device attributes the server keeps for the check-in (server-managed: a device save keeps them).
 * Times are ISO 8601 UTC.
 */
export const QR_DEVICE_STATE = {
  driverId: 'tarkan.qrDriverId',
  driverUniqueId: 'tarkan.qrDriverUniqueId',
  checkinTime: 'tarkan.qrCheckinTime',
  /** When the driver is checked out automatically (qrAutoLogout). */
  logoutTime: 'tarkan.qrLogoutTime',
  /** When the vehicle, still without a driver, gets engineStop (qrLockWithoutDriver). */
  lockTime: 'tarkan.qrLockTime',
} as const;

/** POST /tarkan/qr-driver: `id` is the device to check in to; 0 checks out. */
export const qrCheckinSchema = z.object({ id: z.number().int().nonnegative('id must be a device id, or 0 to check out') }).strict();
export type QrCheckinInput = z.infer<typeof qrCheckinSchema>;

/** The vehicle as a driver sees it: enough to recognise it, nothing to manage. */
export interface QrVehicle {
  id: number;
  name: string;
  category: string | null;
  plate: string | null;
}

/** GET/POST /tarkan/qr-driver: who the driver is and where they are checked in. */
export interface QrDriverState {
  driver: { id: number; name: string; uniqueId: string };
  device: QrVehicle | null;
  /** Check-in time, null when checked out. */
  since: string | null;
  /** When the automatic check-out happens, null when none is due. */
  logoutTime: string | null;
  /** Outcome of the engineResume sent at this check-in (qrUnlockDevice), absent otherwise. */
  unlock?: 'sent' | 'queued' | 'failed';
}

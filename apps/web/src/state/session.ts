import type { User } from '@rastro/api';
import { createStore, useStore } from './store.ts';

/** The signed-in user; null until the navigation guard or a login sets it. */
export const sessionUser = createStore<User | null>(null);

export function useSessionUser(): User | null {
  return useStore(sessionUser);
}

/** Share-link users (temporary access: Tarkan's `isShared` flag, or Traccar's `temporary` user) get a reduced shell. */
export function isSharedUser(user: User | null): boolean {
  return user?.attributes.isShared === true || user?.temporary === true;
}

/**
 * The vehicle a QR device login is tied to (spec §3 `tarkan.isQrDeviceId`): the login behind a
 * vehicle's access QR code, which sees that vehicle only. Null for every other user.
 */
export function qrDeviceIdOf(user: User | null): number | null {
  const id = Number(user?.attributes['tarkan.isQrDeviceId']);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function isQrDriver(user: User | null): boolean {
  const driverId = user?.attributes['tarkan.isQrDriverId'];
  return driverId !== undefined && driverId !== null && driverId !== false && driverId !== 0 && driverId !== '';
}

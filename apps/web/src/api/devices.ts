import type { Device } from '@rastro/api';
import { requestJson } from './http.ts';

export function getDevices(): Promise<Device[]> {
  return requestJson<Device[]>('/devices');
}

/** Soft-deleted devices keep their row with a uniqueId of three dash-separated parts: `deleted-…-…`. */
export function isSoftDeleted(device: Pick<Device, 'uniqueId'>): boolean {
  const parts = device.uniqueId.split('-');
  return parts.length === 3 && parts[0] === 'deleted';
}

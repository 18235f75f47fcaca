import type { Device } from '@rastro/api';
import { TARKAN_BASE, requestJson, requestVoid } from './http.ts';

const tarkan = { base: TARKAN_BASE } as const;

/** A device hidden by lazy deletion (spec §3), with the identifier it had. */
export interface DeletedDevice extends Device {
  originalUniqueId: string;
  /** ISO 8601 UTC. */
  deletedTime: string;
}

/** Administrators only: the soft-deleted devices, latest deletion first. */
export function getDeletedDevices(): Promise<DeletedDevice[]> {
  return requestJson<DeletedDevice[]>('/devices/deleted', tarkan);
}

/** Gives the device its identifier back; refused (409) when another device took it meanwhile. */
export function restoreDevice(id: number): Promise<Device> {
  return requestJson<Device>(`/devices/${id}/restore`, { ...tarkan, method: 'POST' });
}

/** Deletes a soft-deleted device for good, with its positions and events. */
export function purgeDevice(id: number): Promise<void> {
  return requestVoid(`/devices/deleted/${id}`, { ...tarkan, method: 'DELETE' });
}

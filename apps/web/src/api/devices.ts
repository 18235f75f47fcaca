import type { Device, DeviceInput } from '@rastro/api';
import { requestJson, requestVoid } from './http.ts';

export function getDevices(): Promise<Device[]> {
  return requestJson<Device[]>('/devices');
}

/** Save chooses update when the device has an id, otherwise create (spec §5). */
export function saveDevice(device: DeviceInput): Promise<Device> {
  return device.id
    ? requestJson<Device>(`/devices/${device.id}`, { method: 'PUT', json: device })
    : requestJson<Device>('/devices', { method: 'POST', json: device });
}

/**
 * Resets the odometer (`totalDistance`, m) and/or engine hours (`hours`, ms) of the device's latest
 * position, as Traccar's PUT /api/devices/{id}/accumulators; a value left out stays as it is.
 */
export function saveAccumulators(accumulators: { deviceId: number; totalDistance?: number; hours?: number }): Promise<void> {
  return requestVoid(`/devices/${accumulators.deviceId}/accumulators`, { method: 'PUT', json: accumulators });
}

export function deleteDevice(id: number): Promise<void> {
  return requestVoid(`/devices/${id}`, { method: 'DELETE' });
}

/** Soft-deleted devices keep their row with a uniqueId of three dash-separated parts: `deleted-…-…`. */
export function isSoftDeleted(device: Pick<Device, 'uniqueId'>): boolean {
  // asked of every device whenever the map or the list rebuilds: no array per call
  const id = device.uniqueId;
  if (!id.startsWith('deleted-')) return false;
  const second = id.indexOf('-', 'deleted-'.length);
  return second !== -1 && id.indexOf('-', second + 1) === -1;
}

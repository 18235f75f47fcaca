import type { QrDeviceAccess } from '@rastro/api';
import { TARKAN_BASE, requestJson, requestVoid } from './http.ts';

const tarkan = { base: TARKAN_BASE } as const;

/** Whether the vehicle's access QR code (a QR device login) is active. */
export function getQrAccess(deviceId: number): Promise<QrDeviceAccess> {
  return requestJson<QrDeviceAccess>(`/devices/${deviceId}/qr-access`, tarkan);
}

/** Issues the vehicle's access code, replacing (and signing out) any earlier one; the token comes once. */
export function issueQrAccess(deviceId: number): Promise<QrDeviceAccess> {
  return requestJson<QrDeviceAccess>(`/devices/${deviceId}/qr-access`, { ...tarkan, method: 'POST' });
}

export function revokeQrAccess(deviceId: number): Promise<void> {
  return requestVoid(`/devices/${deviceId}/qr-access`, { ...tarkan, method: 'DELETE' });
}

import type { QrDriverState, QrVehicle } from '@rastro/api';
import { TARKAN_BASE, requestJson } from './http.ts';

const tarkan = { base: TARKAN_BASE } as const;

/** The signed-in QR driver: who they are and the vehicle they are checked in to. */
export function getQrDriverState(): Promise<QrDriverState> {
  return requestJson('/qr-driver', tarkan);
}

/** The vehicle a scanned or typed code names, if the driver may take it. */
export function getQrVehicle(deviceId: number): Promise<QrVehicle> {
  return requestJson(`/qr-driver/devices/${deviceId}`, tarkan);
}

/** Spec §7 POST /tarkan/qr-driver: check in to the device, or out with 0. */
export function qrCheckIn(deviceId: number): Promise<QrDriverState> {
  return requestJson('/qr-driver', { ...tarkan, method: 'POST', json: { id: deviceId } });
}

export function qrCheckOut(): Promise<QrDriverState> {
  return qrCheckIn(0);
}

/** What the QR code printed for a vehicle opens: the check-in page of that device. */
export function qrScanLink(origin: string, deviceId: number): string {
  return `${origin}/qr-driver/scan/${deviceId}`;
}

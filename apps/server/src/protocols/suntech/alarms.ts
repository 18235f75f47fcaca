import type { Alarm } from '@rastro/api';

/** Alert ids of ALT reports, as Traccar names them; other ids carry no alarm. */
const ALERTS = new Map<number, Alarm>([
  [1, 'overspeed'],
  [5, 'geofenceExit'],
  [6, 'geofenceEnter'],
  [14, 'lowBattery'],
  [15, 'vibration'],
  [16, 'accident'],
  [40, 'powerRestored'],
  [41, 'powerCut'],
  [42, 'sos'],
  [46, 'hardAcceleration'],
  [47, 'hardBraking'],
  [50, 'jamming'],
  [132, 'door'],
]);

/** Emergency ids of EMG reports. */
const EMERGENCIES = new Map<number, Alarm>([
  [1, 'sos'],
  [2, 'parking'],
  [3, 'powerCut'],
  [5, 'door'],
  [6, 'door'],
  [7, 'movement'],
  [8, 'vibration'],
]);

export function alertAlarm(id: number): Alarm | null {
  return ALERTS.get(id) ?? null;
}

export function emergencyAlarm(id: number): Alarm | null {
  return EMERGENCIES.get(id) ?? null;
}

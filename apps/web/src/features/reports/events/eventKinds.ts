import { NOTIFICATION_TYPES } from '@rastro/api';

/** Spec §9: the event types a report can be filtered by (the notification types). */
export const EVENT_TYPES: readonly string[] = NOTIFICATION_TYPES;

/** Spec §9: the kinds of `alarm` events, sent as the event's `alarm` attribute. */
export const ALARM_KINDS: readonly string[] = [
  'general', 'sos', 'vibration', 'lowspeed', 'overspeed', 'movement', 'fallDown', 'lowPower', 'lowBattery',
  'fault', 'powerOff', 'powerOn', 'door', 'unlock', 'lock', 'geofence', 'geofenceEnter', 'geofenceExit',
  'gpsAntennaCut', 'accident', 'tow', 'idle', 'highRpm', 'hardAcceleration', 'hardBraking', 'hardCornering',
  'laneChange', 'fatigueDriving', 'powerCut', 'powerRestored', 'jamming', 'temperature', 'parking', 'shock',
  'bonnet', 'footBrake', 'fuelLeak', 'tampering', 'removing',
];

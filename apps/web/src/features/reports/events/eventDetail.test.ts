import { describe, expect, it } from 'vitest';
import { alarmLabel, eventDetail, eventTypeLabel } from './eventDetail.ts';

const t = (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key);
const format = { speed: (knots: number) => `${Math.round(knots * 1.852)} km/h`, number: (value: number) => String(value) };

describe('event texts', () => {
  it('name known types from the catalog and unknown ones as sent', () => {
    const exists = (key: string) => key === 'events.ignitionOn';
    expect(eventTypeLabel('ignitionOn', t, exists)).toBe('events.ignitionOn');
    expect(eventTypeLabel('queuedCommandSent', t, exists)).toBe('queuedCommandSent');
  });

  it('name each alarm kind, several joined by commas, unknown ones as sent', () => {
    expect(alarmLabel('sos', t)).toBe('alarms.sos');
    expect(alarmLabel('sos,powerCut,weird', t)).toBe('alarms.sos, alarms.powerCut, weird');
    expect(alarmLabel(undefined, t)).toBeNull();
  });

  it('detail alarms, overspeed, fuel drops, drivers and command results', () => {
    expect(eventDetail({ type: 'alarm', attributes: { alarm: 'overspeed' } }, t, format)).toBe('alarms.overspeed');
    expect(eventDetail({ type: 'deviceOverspeed', attributes: { speed: 54, speedLimit: 43.2 } }, t, format)).toBe(
      'reports.events.overspeed {"speed":"100 km/h","limit":"80 km/h"}',
    );
    expect(eventDetail({ type: 'deviceOverspeed', attributes: { speed: 54 } }, t, format)).toBe('100 km/h');
    expect(eventDetail({ type: 'deviceFuelDrop', attributes: { before: 40, after: 31 } }, t, format)).toBe(
      'reports.events.fuelDrop {"before":"40 L","after":"31 L"}',
    );
    expect(eventDetail({ type: 'driverChanged', attributes: { driverUniqueId: 'D-17' } }, t, format)).toBe('D-17');
    expect(eventDetail({ type: 'commandResult', attributes: { result: 'OK' } }, t, format)).toBe('OK');
  });

  it('name the geofence and the maintenance an event points to, by id when the name is unknown', () => {
    const names = { geofence: (id: number) => (id === 4 ? 'Depot' : undefined), maintenance: (id: number) => (id === 9 ? 'Oil change' : undefined) };
    expect(eventDetail({ type: 'geofenceEnter', geofenceId: 4, attributes: {} }, t, format, names)).toBe('Depot');
    expect(eventDetail({ type: 'geofenceExit', geofenceId: 5, attributes: {} }, t, format, names)).toBe('#5');
    expect(eventDetail({ type: 'maintenance', maintenanceId: 9, attributes: { totalDistance: 1e7 } }, t, format, names)).toBe('Oil change');
    expect(eventDetail({ type: 'deviceOverspeed', geofenceId: 4, attributes: { speed: 54 } }, t, format, names)).toBe(
      'reports.events.inGeofence {"text":"100 km/h","geofence":"Depot"}',
    );
  });

  it('say what happened for the events that carry nothing else, leaving no known type blank', () => {
    expect(eventDetail({ type: 'ignitionOn', attributes: {} }, t, format)).toBe('reports.events.sentences.ignitionOn');
    expect(eventDetail({ type: 'deviceOffline', attributes: {} }, t, format)).toBe('reports.events.sentences.deviceOffline');
    expect(eventDetail({ type: 'somethingNew', attributes: {} }, t, format)).toBe('');
  });
});

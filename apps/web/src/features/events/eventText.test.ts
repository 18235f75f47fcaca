import { describe, expect, it } from 'vitest';
import type { Event } from '@rastro/api';
import { eventText } from './eventText.ts';

const event = (type: string, attributes: Event['attributes'] = {}): Event => ({
  id: 1, type, eventTime: '2024-05-01T12:00:00.000+00:00', deviceId: 1, positionId: 0, geofenceId: 0, maintenanceId: 0, attributes,
});
const catalog: Record<string, string> = { 'events.deviceOnline': 'Dispositivo online', 'events.alarm': 'Alarme', 'alarms.powerCut': 'Corte de energia' };
const translate = (key: string) => catalog[key] ?? key;
const exists = (key: string) => key in catalog;

describe('eventText', () => {
  it("prefers the server's message", () => {
    expect(eventText(event('deviceOnline', { message: 'Truck is online' }), translate, exists)).toBe('Truck is online');
  });

  it('translates the type, adding the alarm kind', () => {
    expect(eventText(event('deviceOnline'), translate, exists)).toBe('Dispositivo online');
    expect(eventText(event('alarm', { alarm: 'sos' }), translate, exists)).toBe('Alarme: sos');
    expect(eventText(event('alarm', { alarm: 'powerCut,sos' }), translate, exists)).toBe('Alarme: Corte de energia, sos');
  });

  it('shows an unknown type as it is', () => {
    expect(eventText(event('somethingNew'), translate, exists)).toBe('somethingNew');
  });
});

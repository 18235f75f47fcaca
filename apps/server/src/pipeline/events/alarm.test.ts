import { describe, expect, it } from 'vitest';
import { deviceContext, storedAt, withAttributes } from '../testing/positions.ts';
import { alarm } from './simple.ts';

const context = deviceContext();
const alarmsOf = (position: ReturnType<typeof storedAt>, last: ReturnType<typeof storedAt> | null = null) =>
  alarm({ position, last, context }).map((e) => e.attributes.alarm);

describe('alarm events (Traccar AlarmEventHandler, ignoreDuplicateAlerts on)', () => {
  it('raises one alarm event per value of the comma list, each dated by the device time', () => {
    const position = withAttributes(100, { alarm: 'sos,overspeed' }, { deviceTime: 95_000, id: 7 });
    expect(alarm({ position, last: null, context })).toEqual([
      { type: 'alarm', eventTime: 95_000, deviceId: 1, positionId: 7, geofenceId: 0, maintenanceId: 0, attributes: { alarm: 'sos' } },
      { type: 'alarm', eventTime: 95_000, deviceId: 1, positionId: 7, geofenceId: 0, maintenanceId: 0, attributes: { alarm: 'overspeed' } },
    ]);
  });

  it('leaves out the alarms the previous position already carried', () => {
    expect(alarmsOf(withAttributes(100, { alarm: 'sos,lowBattery' }), withAttributes(90, { alarm: 'sos' }))).toEqual(['lowBattery']);
    expect(alarmsOf(withAttributes(100, { alarm: 'sos' }), withAttributes(90, { alarm: 'powerCut,sos' }))).toEqual([]);
  });

  it('raises an alarm again once a position without it came between', () => {
    expect(alarmsOf(withAttributes(100, { alarm: 'sos' }), storedAt(90))).toEqual(['sos']);
    expect(alarmsOf(withAttributes(100, { alarm: 'sos' }), withAttributes(90, { alarm: 'vibration' }))).toEqual(['sos']);
  });

  it('raises one event per distinct value (Traccar collects the list in a set)', () => {
    expect(alarmsOf(withAttributes(100, { alarm: 'sos,sos' }))).toEqual(['sos']);
    expect(alarmsOf(withAttributes(100, { alarm: 'sos, powerCut,sos' }))).toEqual(['sos', 'powerCut']);
    expect(alarmsOf(withAttributes(100, { alarm: 'sos,lowBattery,lowBattery' }), withAttributes(90, { alarm: 'sos' }))).toEqual(['lowBattery']);
  });

  it('reads values around spaces and skips empty ones', () => {
    expect(alarmsOf(withAttributes(100, { alarm: 'sos, powerCut' }))).toEqual(['sos', 'powerCut']);
    expect(alarmsOf(withAttributes(100, { alarm: 'sos,,' }))).toEqual(['sos']);
  });

  it('raises nothing without an alarm', () => {
    expect(alarmsOf(storedAt(100))).toEqual([]);
    expect(alarmsOf(storedAt(100), withAttributes(90, { alarm: 'sos' }))).toEqual([]);
    expect(alarmsOf(withAttributes(100, { alarm: '' }))).toEqual([]);
    expect(alarmsOf(withAttributes(100, { alarm: 1 }))).toEqual([]);
  });
});

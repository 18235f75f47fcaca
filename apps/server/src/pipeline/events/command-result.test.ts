import { describe, expect, it } from 'vitest';
import { deviceContext, storedAt, withAttributes } from '../testing/positions.ts';
import { commandResult } from './simple.ts';

const context = deviceContext();

describe('commandResult event (Traccar CommandResultEventHandler)', () => {
  it('raises one event carrying the result, dated by the device time of its position', () => {
    const position = withAttributes(100, { result: 'Relay on' }, { deviceTime: 90_000, id: 42 });
    expect(commandResult({ position, last: null, context })).toEqual([
      { type: 'commandResult', eventTime: 90_000, deviceId: 1, positionId: 42, geofenceId: 0, maintenanceId: 0, attributes: { result: 'Relay on' } },
    ]);
  });

  it('raises again for the same reply: the previous position does not matter', () => {
    const last = withAttributes(100, { result: 'OK' });
    const position = withAttributes(110, { result: 'OK' });
    expect(commandResult({ position, last, context }).map((e) => e.attributes)).toEqual([{ result: 'OK' }]);
  });

  it('an empty reply is still a reply (Traccar tests the key for null only)', () => {
    expect(commandResult({ position: withAttributes(100, { result: '' }), last: null, context })).toHaveLength(1);
  });

  it('raises nothing without a textual result', () => {
    expect(commandResult({ position: storedAt(100), last: null, context })).toEqual([]);
    expect(commandResult({ position: withAttributes(100, { alarm: 'sos' }), last: withAttributes(90, { result: 'OK' }), context })).toEqual([]);
    expect(commandResult({ position: withAttributes(100, { result: 1 }), last: null, context })).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { deviceContext, storedAt, withAttributes } from '../testing/positions.ts';
import { ignition } from './simple.ts';

const context = deviceContext();
const on = (seconds: number) => withAttributes(seconds, { ignition: true });
const off = (seconds: number) => withAttributes(seconds, { ignition: false });
const typesOf = (position: ReturnType<typeof storedAt>, last: ReturnType<typeof storedAt> | null) =>
  ignition({ position, last, context }).map((e) => e.type);

describe('ignition events (Traccar IgnitionEventHandler)', () => {
  it('raises ignitionOn when the ignition turns on, dated by the device time', () => {
    const position = withAttributes(100, { ignition: true }, { deviceTime: 99_000, id: 3 });
    expect(ignition({ position, last: off(90), context })).toEqual([
      { type: 'ignitionOn', eventTime: 99_000, deviceId: 1, positionId: 3, geofenceId: 0, maintenanceId: 0, attributes: {} },
    ]);
  });

  it('raises ignitionOff when it turns off', () => {
    expect(typesOf(off(100), on(90))).toEqual(['ignitionOff']);
  });

  it('raises nothing while it stays as it was', () => {
    expect(typesOf(on(100), on(90))).toEqual([]);
    expect(typesOf(off(100), off(90))).toEqual([]);
  });

  it('needs a previous position that reports the ignition, and a current one that does', () => {
    expect(typesOf(on(100), null)).toEqual([]);
    expect(typesOf(on(100), storedAt(90))).toEqual([]);
    expect(typesOf(storedAt(100), on(90))).toEqual([]);
    expect(typesOf(storedAt(100), off(90))).toEqual([]);
  });
});

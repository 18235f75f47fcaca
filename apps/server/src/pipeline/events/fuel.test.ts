import { describe, expect, it } from 'vitest';
import { deviceContext, storedAt, withAttributes } from '../testing/positions.ts';
import { fuel as fuelEvents } from './simple.ts';

const fuel = (seconds: number, level: number) => withAttributes(seconds, { fuel: level });
const drops = (position: ReturnType<typeof storedAt>, last: ReturnType<typeof storedAt> | null, settings: Record<string, unknown> = { fuelDropThreshold: 5 }) =>
  fuelEvents({ position, last, context: deviceContext(settings) });

describe('deviceFuelDrop event (Traccar FuelEventHandler, the drop half)', () => {
  it('raises deviceFuelDrop with the levels before and after when fuel falls by the threshold or more', () => {
    const position = withAttributes(100, { fuel: 44 }, { deviceTime: 97_000, id: 9 });
    expect(drops(position, fuel(90, 50))).toEqual([
      { type: 'deviceFuelDrop', eventTime: 97_000, deviceId: 1, positionId: 9, geofenceId: 0, maintenanceId: 0, attributes: { before: 50, after: 44 } },
    ]);
    expect(drops(fuel(100, 45), fuel(90, 50))).toHaveLength(1);
  });

  it('reads the threshold through the lookup chain, a text value included', () => {
    expect(drops(fuel(100, 40), fuel(90, 50), { fuelDropThreshold: '10' })).toHaveLength(1);
    expect(drops(fuel(100, 41), fuel(90, 50), { fuelDropThreshold: '10' })).toEqual([]);
  });

  it('raises nothing for a smaller drop, a rise or a steady level', () => {
    expect(drops(fuel(100, 46), fuel(90, 50))).toEqual([]);
    expect(drops(fuel(100, 80), fuel(90, 50))).toEqual([]);
    expect(drops(fuel(100, 50), fuel(90, 50))).toEqual([]);
  });

  it('raises nothing without a threshold (0 or unset: off)', () => {
    expect(drops(fuel(100, 0), fuel(90, 50), {})).toEqual([]);
    expect(drops(fuel(100, 0), fuel(90, 50), { fuelDropThreshold: 0 })).toEqual([]);
  });

  it('needs the fuel level on both positions', () => {
    expect(drops(fuel(100, 0), null)).toEqual([]);
    expect(drops(fuel(100, 0), storedAt(90))).toEqual([]);
    expect(drops(storedAt(100), fuel(90, 50))).toEqual([]);
  });
});

describe('deviceFuelIncrease event (Traccar FuelEventHandler, the increase half)', () => {
  const types = (position: ReturnType<typeof storedAt>, last: ReturnType<typeof storedAt> | null, settings: Record<string, unknown>) =>
    fuelEvents({ position, last, context: deviceContext(settings) }).map((e) => e.type);

  it('raises deviceFuelIncrease with the levels before and after when fuel rises by the threshold or more', () => {
    const position = withAttributes(100, { fuel: 80 }, { deviceTime: 98_000, id: 12 });
    expect(drops(position, fuel(90, 50), { fuelIncreaseThreshold: 20 })).toEqual([
      { type: 'deviceFuelIncrease', eventTime: 98_000, deviceId: 1, positionId: 12, geofenceId: 0, maintenanceId: 0, attributes: { before: 50, after: 80 } },
    ]);
    expect(types(fuel(100, 70), fuel(90, 50), { fuelIncreaseThreshold: '20' })).toEqual(['deviceFuelIncrease']);
    expect(types(fuel(100, 69), fuel(90, 50), { fuelIncreaseThreshold: 20 })).toEqual([]);
  });

  it('each threshold is on its own: one set raises only its direction', () => {
    const both = { fuelIncreaseThreshold: 10, fuelDropThreshold: 10 };
    expect(types(fuel(100, 60), fuel(90, 50), both)).toEqual(['deviceFuelIncrease']);
    expect(types(fuel(100, 40), fuel(90, 50), both)).toEqual(['deviceFuelDrop']);
    expect(types(fuel(100, 60), fuel(90, 50), { fuelDropThreshold: 10 })).toEqual([]);
    expect(types(fuel(100, 40), fuel(90, 50), { fuelIncreaseThreshold: 10 })).toEqual([]);
    expect(types(fuel(100, 60), fuel(90, 50), { fuelIncreaseThreshold: 0 })).toEqual([]);
  });

  it('needs the fuel level on both positions', () => {
    const settings = { fuelIncreaseThreshold: 5 };
    expect(types(fuel(100, 80), null, settings)).toEqual([]);
    expect(types(fuel(100, 80), storedAt(90), settings)).toEqual([]);
    expect(types(storedAt(100), fuel(90, 50), settings)).toEqual([]);
  });
});

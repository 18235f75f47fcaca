import { describe, expect, it } from 'vitest';
import { deviceContext, storedAt, withAttributes } from '../testing/positions.ts';
import { driverChanged } from './simple.ts';

const context = deviceContext();
const driving = (seconds: number, driverUniqueId: string) => withAttributes(seconds, { driverUniqueId });
const driversOf = (position: ReturnType<typeof storedAt>, last: ReturnType<typeof storedAt> | null) =>
  driverChanged({ position, last, context }).map((e) => e.attributes.driverUniqueId);

describe('driverChanged event (Traccar DriverEventHandler)', () => {
  it('raises driverChanged with the new driver when the driver differs from the previous position', () => {
    const position = withAttributes(100, { driverUniqueId: 'B-2' }, { deviceTime: 98_000, id: 5 });
    expect(driverChanged({ position, last: driving(90, 'A-1'), context })).toEqual([
      { type: 'driverChanged', eventTime: 98_000, deviceId: 1, positionId: 5, geofenceId: 0, maintenanceId: 0, attributes: { driverUniqueId: 'B-2' } },
    ]);
  });

  it('a driver on the first position, or after positions without one, is a change', () => {
    expect(driversOf(driving(100, 'A-1'), null)).toEqual(['A-1']);
    expect(driversOf(driving(100, 'A-1'), storedAt(90))).toEqual(['A-1']);
  });

  it('raises nothing for the same driver or a position without one', () => {
    expect(driversOf(driving(100, 'A-1'), driving(90, 'A-1'))).toEqual([]);
    expect(driversOf(storedAt(100), driving(90, 'A-1'))).toEqual([]);
    expect(driversOf(storedAt(100), null)).toEqual([]);
  });
});

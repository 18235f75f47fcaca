import { describe, expect, it } from 'vitest';
import type { MaintenanceInfo } from '../device-context.ts';
import { deviceContext, storedAt, withAttributes } from '../testing/positions.ts';
import { maintenance } from './simple.ts';

/** Service at 10,000 m of totalDistance, then every 5,000 m. */
const SERVICE: MaintenanceInfo = { id: 3, type: 'totalDistance', start: 10_000, period: 5_000 };
const at = (totalDistance: number, seconds = 100) => withAttributes(seconds, { totalDistance });
const due = (before: number, now: number, maintenances: MaintenanceInfo[] = [SERVICE]) =>
  maintenance({ position: at(now), last: at(before, 90), context: deviceContext({}, { maintenances }) }).map((e) => [e.maintenanceId, e.attributes]);

describe('maintenance events (Traccar MaintenanceEventHandler)', () => {
  it('raises maintenance with its id and the new value when the value reaches the start', () => {
    const position = withAttributes(100, { totalDistance: 10_500 }, { deviceTime: 94_000, id: 21 });
    const context = deviceContext({}, { maintenances: [SERVICE] });
    expect(maintenance({ position, last: at(9_000, 90), context })).toEqual([
      { type: 'maintenance', eventTime: 94_000, deviceId: 1, positionId: 21, geofenceId: 0, maintenanceId: 3, attributes: { totalDistance: 10_500 } },
    ]);
    expect(due(9_999, 10_000)).toEqual([[3, { totalDistance: 10_000 }]]);
  });

  it('raises again each time the value crosses start + n × period, once per crossing however far it jumps', () => {
    expect(due(14_000, 15_100)).toEqual([[3, { totalDistance: 15_100 }]]);
    expect(due(14_999, 15_000)).toEqual([[3, { totalDistance: 15_000 }]]);
    expect(due(11_000, 31_000)).toEqual([[3, { totalDistance: 31_000 }]]);
  });

  it('raises nothing within one period or before the start', () => {
    expect(due(10_000, 14_999)).toEqual([]);
    expect(due(10_500, 14_000)).toEqual([]);
    expect(due(15_100, 19_000)).toEqual([]);
    expect(due(5_000, 9_999)).toEqual([]);
    // a value going back does not count down into an earlier period
    expect(due(16_000, 14_000)).toEqual([]);
  });

  it('raises nothing when either value is missing or zero, the period is 0, or there is no previous position', () => {
    expect(due(0, 10_500)).toEqual([]);
    expect(due(9_000, 0)).toEqual([]);
    expect(due(9_000, 10_500, [{ ...SERVICE, period: 0 }])).toEqual([]);
    const context = deviceContext({}, { maintenances: [SERVICE] });
    expect(maintenance({ position: at(10_500), last: null, context })).toEqual([]);
    expect(maintenance({ position: storedAt(100), last: at(9_000, 90), context })).toEqual([]);
  });

  it('reads the position times for time-based maintenances, and answers each maintenance on its own', () => {
    const DAY = 86_400_000;
    const daily: MaintenanceInfo = { id: 4, type: 'fixTime', start: Date.UTC(2024, 4, 1), period: DAY };
    const hours: MaintenanceInfo = { id: 5, type: 'hours', start: 3_600_000, period: 3_600_000 };
    const context = deviceContext({}, { maintenances: [daily, hours, SERVICE] });
    const last = storedAt(Date.UTC(2024, 4, 3, 23) / 1000, { attributes: { hours: 7_000_000, totalDistance: 12_000 } });
    const position = storedAt(Date.UTC(2024, 4, 4, 1) / 1000, { attributes: { hours: 7_300_000, totalDistance: 12_100 } });
    expect(maintenance({ position, last, context }).map((e) => [e.maintenanceId, e.attributes])).toEqual([
      [4, { fixTime: Date.UTC(2024, 4, 4, 1) }],
      [5, { hours: 7_300_000 }],
    ]);
  });
});

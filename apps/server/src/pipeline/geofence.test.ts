import { parseArea } from '@rastro/api';
import { describe, expect, it } from 'vitest';
import type { GeofenceInfo } from './device-context.ts';
import { geofence } from './geofence.ts';
import { deviceContext, storedAt, workingAt } from './testing/positions.ts';

const area = (id: number, wkt: string, attributes: GeofenceInfo['attributes'] = {}): GeofenceInfo => ({ id, area: parseArea(wkt), attributes, calendar: null });
/** About 40 m north of the line along latitude -23.55. */
const OFF_THE_ROAD = -23.55 + 40 / 111_319.5;
const at = (latitude: number, longitude: number) => workingAt(60, { latitude, longitude });
const idsAt = (latitude: number, longitude: number, geofences: GeofenceInfo[]) => geofence(at(latitude, longitude), storedAt(0), deviceContext({}, { geofences }))!.geofenceIds;

describe('geofence handler (Traccar GeofenceHandler)', () => {
  const fences = [
    area(1, 'CIRCLE (-23.55 -46.63, 500)'),
    area(2, 'POLYGON ((-23.56 -46.64, -23.54 -46.64, -23.54 -46.62, -23.56 -46.62, -23.56 -46.64))'),
    area(3, 'CIRCLE (-22.90 -43.20, 1000)'),
  ];

  it('lists the linked geofences that contain the position, in the context order', () => {
    expect(idsAt(-23.55, -46.63, fences)).toEqual([1, 2]);
    expect(idsAt(-22.90, -43.20, fences)).toEqual([3]);
    expect(idsAt(-23.545, -46.625, fences)).toEqual([2]);
  });

  it('is null when no geofence contains the position, or none is linked', () => {
    expect(idsAt(0, 0, fences)).toBeNull();
    expect(idsAt(-23.55, -46.63, [])).toBeNull();
  });

  it('a line contains what is within its polylineDistance (25 m unless the geofence says)', () => {
    const road = 'LINESTRING (-23.55 -46.70, -23.55 -46.60)';
    expect(idsAt(OFF_THE_ROAD, -46.65, [area(4, road)])).toBeNull();
    expect(idsAt(-23.55 + 20 / 111_319.5, -46.65, [area(4, road)])).toEqual([4]);
    expect(idsAt(OFF_THE_ROAD, -46.65, [area(4, road, { polylineDistance: 50 })])).toEqual([4]);
  });

  it('replaces geofenceIds the position came with, and changes nothing else', () => {
    const input = workingAt(60, { geofenceIds: [9], attributes: { ignition: true } });
    const result = geofence(input, null, deviceContext({}, { geofences: fences }))!;
    expect(result).toEqual({ ...input, geofenceIds: [1, 2] });
  });
});

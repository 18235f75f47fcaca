import { describe, expect, it } from 'vitest';
import type { Geofence } from '../../api/geofences.ts';
import { makeDevice, makePosition } from '../../testing/fixtures.ts';
import { ANCHOR_AREA_KM2, anchorGeofence, anchorOf, anchoredDevices } from './anchor.ts';

const geofence = (id: number, attributes: Geofence['attributes']): Geofence => ({
  id, name: `G${id}`, description: null, area: 'CIRCLE (0 0, 150)', calendarId: null, attributes,
});

describe('anchors', () => {
  const geofences = [geofence(1, {}), geofence(2, { isAnchor: true, deviceId: 7 }), geofence(3, { isAnchor: true, deviceId: '9' })];

  it('finds the anchor of a device, whatever the type of its deviceId', () => {
    expect(anchorOf(geofences, 7)?.id).toBe(2);
    expect(anchorOf(geofences, 9)?.id).toBe(3);
    expect(anchorOf(geofences, 1)).toBeUndefined();
    expect([...anchoredDevices(geofences)]).toEqual([7, 9]);
  });

  it('builds a 150 m circle around the latest position, flagged and tied to the device', () => {
    const device = makeDevice({ id: 7, name: 'Van' });
    const position = makePosition({ deviceId: 7, latitude: -23.55, longitude: -46.63 });
    // spec §7's payload, key for key: id -1, name, description, area, calendarId 0, deviceId and isAnchor
    expect(anchorGeofence(device, position, 'Âncora Van')).toStrictEqual({
      id: -1,
      name: 'Âncora Van',
      description: 'Âncora Van',
      area: 'CIRCLE (-23.55 -46.63, 150)',
      calendarId: 0,
      attributes: { isAnchor: true, deviceId: 7 },
    });
  });

  it('has an area of about 0.07 km²', () => {
    expect(ANCHOR_AREA_KM2).toBeCloseTo(0.0707, 4);
  });
});

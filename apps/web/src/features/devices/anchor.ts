import type { Device, Position } from '@rastro/api';
import { circleArea, type Geofence, type GeofenceInput } from '../../api/geofences.ts';

/** Spec §9: the anchor is a circle of 150 m around the latest position. */
export const ANCHOR_RADIUS_M = 150;
/** Its area, shown in km² when asking to set it. */
export const ANCHOR_AREA_KM2 = Math.PI * (ANCHOR_RADIUS_M / 1000) ** 2;

function isAnchorOf(geofence: Geofence, deviceId: number): boolean {
  return geofence.attributes.isAnchor === true && Number(geofence.attributes.deviceId) === deviceId;
}

/** The device's active anchor: a geofence flagged `isAnchor` with its `deviceId`. */
export function anchorOf(geofences: readonly Geofence[], deviceId: number): Geofence | undefined {
  return geofences.find((geofence) => isAnchorOf(geofence, deviceId));
}

export function anchoredDevices(geofences: readonly Geofence[]): Set<number> {
  const ids = new Set<number>();
  for (const geofence of geofences) {
    if (geofence.attributes.isAnchor === true) ids.add(Number(geofence.attributes.deviceId));
  }
  return ids;
}

/**
 * The anchor geofence to create around the latest position, as spec §7 posts it: id -1 (the
 * server assigns the real one), name, description, area, calendar 0, `deviceId` and `isAnchor`.
 */
export function anchorGeofence(device: Device, position: Position, name: string): GeofenceInput & { id: -1 } {
  return {
    id: -1,
    name,
    description: name,
    area: circleArea(position.latitude, position.longitude, ANCHOR_RADIUS_M),
    calendarId: 0,
    attributes: { isAnchor: true, deviceId: device.id },
  };
}

import type { Device, DeviceStatus, Position } from '@rastro/api';
import type { FeatureCollection, Point } from 'geojson';
import { isSoftDeleted } from '../../api/devices.ts';
import { deviceStatus, isMoving } from '../../ui/deviceStatus.ts';

export interface DeviceFeatureProperties {
  deviceId: number;
  name: string;
  status: DeviceStatus;
  /** Degrees clockwise from north. */
  course: number;
  moving: boolean;
}

/** One point per visible device that has a position. */
export function deviceFeatures(
  devices: ReadonlyMap<number, Device>,
  positions: ReadonlyMap<number, Position>,
): FeatureCollection<Point, DeviceFeatureProperties> {
  const features: FeatureCollection<Point, DeviceFeatureProperties>['features'] = [];
  for (const device of devices.values()) {
    const position = positions.get(device.id);
    if (!position || isSoftDeleted(device)) continue;
    features.push({
      type: 'Feature',
      id: device.id,
      geometry: { type: 'Point', coordinates: [position.longitude, position.latitude] },
      properties: {
        deviceId: device.id,
        name: device.name,
        status: deviceStatus(device),
        course: position.course,
        moving: isMoving(position),
      },
    });
  }
  return { type: 'FeatureCollection', features };
}

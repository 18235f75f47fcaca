import { numberSetting, type DeviceContext } from '../device-context.ts';
import { newEvent, type NewEvent } from '../../position/events.ts';
import { KEY, attribute } from '../../position/keys.ts';
import type { StoredPosition } from '../../position/types.ts';
import type { OverspeedState } from './state.ts';

/**
 * deviceOverspeed as Traccar's OverspeedProcessor: the limit is the highest speedLimit of the
 * geofences the device is in, else the position's speedLimit attribute, else the device, group
 * or server setting (knots; 0 = none). One event per excess, after minimalDuration seconds.
 */
export function overspeed(position: StoredPosition, state: OverspeedState, context: DeviceContext): NewEvent[] {
  let limit = numberSetting(context, 'speedLimit', 0);
  let geofenceId = 0;
  const positionLimit = attribute(position.attributes, KEY.speedLimit);
  if (positionLimit !== undefined && positionLimit > 0) limit = positionLimit;
  for (const geofence of context.geofences) {
    const value = Number(geofence.attributes.speedLimit ?? 0);
    if (position.geofenceIds?.includes(geofence.id) && value > 0 && (geofenceId === 0 || value > limit)) {
      limit = value;
      geofenceId = geofence.id;
    }
  }
  const multiplier = numberSetting(context, 'event.overspeed.thresholdMultiplier', 1);
  if (limit <= 0 || position.speed <= limit * multiplier) {
    state.overspeedState = 0;
    state.overspeedTime = null;
    state.overspeedGeofenceId = null;
    return [];
  }
  if (state.overspeedState) return [];
  state.overspeedTime ??= position.fixTime;
  state.overspeedGeofenceId = geofenceId || null;
  const minimalDuration = numberSetting(context, 'event.overspeed.minimalDuration', 0) * 1000;
  if (position.fixTime - state.overspeedTime < minimalDuration) return [];
  state.overspeedState = 1;
  return [newEvent('deviceOverspeed', position, { geofenceId, attributes: { speed: position.speed, [KEY.speedLimit]: limit } })];
}

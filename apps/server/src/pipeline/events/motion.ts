import { distanceMeters } from '@rastro/api';
import { numberSetting, type DeviceContext } from '../device-context.ts';
import { newEvent, type NewEvent } from '../../position/events.ts';
import type { StoredPosition } from '../../position/types.ts';
import type { MotionState } from './state.ts';

const far = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) =>
  distanceMeters(a.latitude, a.longitude, b.latitude, b.longitude);

/**
 * deviceMoving / deviceStopped with Traccar's "new" motion logic (report.trip.newLogic):
 * a trip starts once the device is minDistance (200 m) from where it last stopped, dated back to
 * where it really set off; it ends when it stays within minDistance for minDuration (180 s); a
 * silence longer than stopGap (3600 s) that covered ground is a trip of its own.
 */
export class MotionDetector {
  /** Per device: positions newer than minDuration plus the newest older one. */
  private readonly windows = new Map<number, StoredPosition[]>();

  handle(position: StoredPosition, state: MotionState, context: Pick<DeviceContext, 'lookup'>): NewEvent[] {
    const minDistance = numberSetting(context, 'report.trip.minDistance', 200);
    const minDuration = numberSetting(context, 'report.trip.minDuration', 180) * 1000;
    const stopGap = numberSetting(context, 'report.trip.stopGap', 3600) * 1000;
    const minAvgSpeed = minDistance / (minDuration / 1000);
    const window = trim(this.windows.get(position.deviceId) ?? [], position.fixTime - minDuration);
    const prev = window[window.length - 1];
    const events: NewEvent[] = [];
    const moveAt = (p: StoredPosition) => events.push(newEvent('deviceMoving', p, { eventTime: p.fixTime, deviceId: position.deviceId }));
    const stopAt = (p: StoredPosition) => events.push(newEvent('deviceStopped', p, { eventTime: p.fixTime, deviceId: position.deviceId }));
    const mark = (p: StoredPosition, moving: boolean) => {
      state.motionStreak = moving ? 1 : 0;
      state.motionTime = p.fixTime;
      state.motionLatitude = p.latitude;
      state.motionLongitude = p.longitude;
      state.motionPositionId = p.id;
    };

    if (prev && position.fixTime - prev.fixTime > stopGap) {
      const seconds = (position.fixTime - prev.fixTime) / 1000;
      const travelled = far(prev, position);
      if (travelled >= minDistance && travelled / seconds > minAvgSpeed) {
        if (state.motionStreak) stopAt(prev);
        moveAt(prev);
        stopAt(position);
        mark(position, false);
      } else if (state.motionStreak) {
        stopAt(prev);
        mark(prev, false);
      }
      this.windows.set(position.deviceId, [position]);
      return events;
    }

    if (state.motionStreak) {
      const left = window.some((w) => far(w, position) >= minDistance);
      if (!left && window.length && position.fixTime - window[0].fixTime >= minDuration) {
        stopAt(position);
        mark(position, false);
      }
    } else {
      const reference = state.motionTime !== null && state.motionLatitude !== null && state.motionLongitude !== null
        ? { latitude: state.motionLatitude, longitude: state.motionLongitude }
        : window[0];
      if (reference && far(reference, position) >= minDistance) {
        // Date the start back through the legs fast enough to be driving (the leg into this position is exempt).
        let start = prev ?? position;
        for (let i = window.length - 1; i > 0; i--) {
          const a = window[i - 1];
          const b = window[i];
          const seconds = (b.fixTime - a.fixTime) / 1000;
          if (state.motionTime !== null && a.fixTime <= state.motionTime) break;
          if (seconds <= 0 || far(a, b) / seconds <= minAvgSpeed) break;
          start = a;
        }
        moveAt(start);
        mark(start, true);
      }
    }

    window.push(position);
    this.windows.set(position.deviceId, window);
    return events;
  }
}

/** Keeps the positions at or after the cutoff plus the newest one before it. */
function trim(window: StoredPosition[], cutoff: number): StoredPosition[] {
  let firstRecent = window.findIndex((w) => w.fixTime >= cutoff);
  if (firstRecent < 0) firstRecent = window.length;
  return window.slice(Math.max(0, firstRecent - 1));
}

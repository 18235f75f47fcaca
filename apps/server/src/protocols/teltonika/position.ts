import type { DecodedPosition } from '../types.ts';

export const TELTONIKA_PROTOCOL = 'teltonika';

/** Traccar's km/h to knots factor, kept identical so decoded speeds match Traccar's to the last digit. */
export const KNOTS_PER_KPH = 0.539957;

/** A position with nothing decoded yet, timed at `time`. */
export function blankPosition(time: Date): DecodedPosition {
  return {
    protocol: TELTONIKA_PROTOCOL,
    deviceTime: time,
    fixTime: time,
    valid: false,
    outdated: false,
    latitude: 0,
    longitude: 0,
    altitude: 0,
    speed: 0,
    course: 0,
    accuracy: 0,
    network: null,
    attributes: {},
  };
}

/** A message without a location (command reply): processing copies the last known fix into it. */
export function outdatedPosition(time: Date): DecodedPosition {
  return { ...blankPosition(time), outdated: true };
}

/** Several alarms in one record are joined with commas, as Traccar stores them. */
export function addAlarm(position: DecodedPosition, alarm: string): void {
  const current = position.attributes.alarm;
  position.attributes.alarm = typeof current === 'string' ? `${current},${alarm}` : alarm;
}

import type { Attributes } from '@rastro/api';
import type { DecodedPosition } from '../types.ts';

export const GT06_PROTOCOL = 'gt06';

/**
 * A position timed at `time` with nothing decoded yet. It starts as a message without a fix
 * (`outdated`, processing copies the last known location); the GPS block turns it into a fix.
 */
export function newPosition(time: Date): DecodedPosition {
  return {
    protocol: GT06_PROTOCOL,
    deviceTime: time,
    fixTime: time,
    valid: false,
    outdated: true,
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

/** Several alarms of one message share the attribute, comma-separated, as Traccar stores them. */
export function addAlarm(attributes: Attributes, alarm: string | undefined): void {
  if (!alarm) return;
  attributes.alarm = typeof attributes.alarm === 'string' ? `${attributes.alarm},${alarm}` : alarm;
}

import { KNOTS_PER_KMH, type Attributes } from '@rastro/api';
import type { DecodedPosition } from './types.ts';

/** Traccar's km/h to knots factor (one value, in `@rastro/api` units), under the name the codecs use. */
export const KNOTS_PER_KPH = KNOTS_PER_KMH;

/**
 * A position of `protocol` timed at `time` with nothing decoded yet. Protocols start from it and
 * say whether a message without coordinates is a fix (`valid`) or reuses the last one (`outdated`).
 */
export function emptyPosition(protocol: string, time: Date, state: { valid: boolean; outdated: boolean }): DecodedPosition {
  return {
    protocol,
    deviceTime: time,
    fixTime: time,
    ...state,
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
export function addAlarm(attributes: Attributes, alarm: string | null | undefined): void {
  if (!alarm) return;
  attributes.alarm = typeof attributes.alarm === 'string' ? `${attributes.alarm},${alarm}` : alarm;
}

import type { Alarm, Attributes } from '@rastro/api';
import { addAlarm, KEY } from '../../position/keys.ts';

/** The alarm digit of a `BO01` message. */
const BO01_ALARMS: (Alarm | undefined)[] = [undefined, 'accident', 'sos', 'vibration', 'lowspeed', 'overspeed', 'geofenceExit'];

/** The number after `BQ81,ALARM,`. */
const BQ81_ALARMS: Alarm[] = ['lowBattery', 'overspeed', 'idle', 'hardAcceleration', 'hardBraking', 'temperature'];

/**
 * Event codes of the comma-separated firmwares: three families (`ZCnn`, `DW3x`, `DW5x`) name the
 * same events. `true`/`false` set the ignition.
 */
const EVENTS = new Map<string, Alarm | boolean>();
for (const [codes, event] of [
  ['ZC11 DW31 DW51', 'movement'],
  ['ZC12 DW32 DW52', 'lowBattery'],
  ['ZC13 DW33 DW53', 'powerCut'],
  ['ZC15 DW35 DW55', true],
  ['ZC16 DW36 DW56', false],
  ['ZC29 DW42 DW62', true],
  ['ZC17 DW37 DW57', 'removing'],
  ['ZC25 DW3E DW5E', 'sos'],
  ['ZC26 DW3F DW5F', 'tampering'],
  ['ZC27 DW40 DW60', 'lowPower'],
] as const) {
  for (const code of codes.split(' ')) EVENTS.set(code, event);
}

/** The `BO01` alarm digit, if it names one. */
export function bo01Alarm(data: string | undefined): Alarm | undefined {
  return data ? BO01_ALARMS[Number(data[0])] : undefined;
}

/** What the message's command code (and its data, for `BO01` and `BQ81`) says happened. */
export function readEvent(type: string, data: string | undefined, attributes: Attributes): void {
  if (type === 'BO01') {
    addAlarm(attributes, bo01Alarm(data));
  } else if (type === 'BQ81') {
    if (data !== undefined) addAlarm(attributes, BQ81_ALARMS[Number(data)]);
  } else {
    const event = EVENTS.get(type);
    if (typeof event === 'boolean') attributes[KEY.ignition] = event;
    else addAlarm(attributes, event);
  }
}

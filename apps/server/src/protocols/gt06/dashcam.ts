import type { Alarm } from '@rastro/api';
import type { DecodedPosition } from '../types.ts';
import { readGps, readTime } from './gps.ts';
import type { Message } from './message.ts';
import { newPosition } from './position.ts';
import type { ByteReader } from './reader.ts';
import { KEY, addAlarm } from '../../position/keys.ts';

/** Event codes of the dashcam alarm; 0x01 is an SOS when the alarm comes with a location. */
const EVENT_ALARMS = new Map<number, Alarm>([
  [0x0e, 'lowPower'],
  [0x76, 'temperature'],
  [0x80, 'vibration'],
  [0x87, 'overspeed'],
  [0x88, 'powerCut'],
  [0x90, 'hardAcceleration'],
  [0x91, 'hardBraking'],
  [0x92, 'hardCornering'],
  [0x93, 'accident'],
]);

/**
 * 0x95, a dashcam (JC100, JC400) alarm: a location (JC400: after a marker and a version, with
 * satellites, a 2-byte speed and the course word first; others: time, coordinates and course
 * word only) or just a time in the short form, then (JC400) the power, the event, its data, and
 * the names of the video files recorded for it.
 */
export function readDashcamAlarm(reader: ByteReader, message: Message): DecodedPosition {
  const jc400 = message.variant === 'jc400';
  const withLocation = message.length - 5 > 7;
  let position: DecodedPosition;
  if (withLocation) {
    if (jc400) reader.skip(2 + 1); // marker, version
    position = newPosition(message.receivedAt);
    readGps(reader, position, message.utcOffsetMinutes, { hasSatellites: jc400, hasSpeed: jc400, longSpeed: jc400, flagsFirst: jc400 });
  } else {
    position = newPosition(readTime(reader, message.utcOffsetMinutes));
  }
  const { attributes } = position;
  if (jc400) attributes[KEY.power] = reader.u16() / 10;
  const event = reader.u8();
  attributes[KEY.event] = event;
  attributes.eventData = reader.u16();
  addAlarm(attributes, event === 0x01 ? (withLocation ? 'sos' : 'general') : EVENT_ALARMS.get(event));
  if (reader.remaining > 0) attributes.eventFiles = reader.ascii(reader.remaining);
  return position;
}

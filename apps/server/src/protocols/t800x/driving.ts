import { KNOTS_PER_KMH } from '@rastro/api';
import { decodedPosition } from '../../position/create.ts';
import { addAlarm, KEY } from '../../position/keys.ts';
import { ByteReader } from '../kit/byte-reader.ts';
import type { DecodedPosition } from '../types.ts';
import { harshEventAlarm, harshTrackAlarm } from './alarms.ts';
import { bcd, floatLe, outdatedPosition, readTime, T800X_PROTOCOL } from './fields.ts';

/** Time 6, location 12, speed 2, course 2, RPM 2. */
const TRACK_POINT = 24;

/**
 * OBD trackers' harsh-driving track (0x2626 type 0x05): the kind of event, then the points
 * recorded around it, each without a fix when its location is all 0xff. The last point carries the alarm.
 */
export function decodeHarshTrack(reader: ByteReader): DecodedPosition[] {
  const alarm = harshTrackAlarm(reader.u8());
  const positions: DecodedPosition[] = [];
  while (reader.remaining >= TRACK_POINT) {
    const time = readTime(reader);
    const location = reader.bytes(12);
    let position: DecodedPosition;
    if (location.readUInt32BE(0) === 0xffffffff) {
      position = outdatedPosition(time);
    } else {
      const floats = new ByteReader(location, 't800x track point');
      position = decodedPosition(T800X_PROTOCOL, time, { valid: true, outdated: false });
      position.altitude = floatLe(floats);
      position.longitude = floatLe(floats);
      position.latitude = floatLe(floats);
    }
    position.speed = (bcd(reader, 2) / 10) * KNOTS_PER_KMH;
    const course = reader.u16();
    if (course !== 0xffff) position.course = course / 10;
    const rpm = reader.u16();
    if (rpm !== 0xffff) position.attributes[KEY.rpm] = rpm;
    positions.push(position);
  }
  const last = positions.at(-1);
  if (last) addAlarm(last.attributes, alarm);
  return positions;
}

/** OBD trackers' harsh-driving event (0x2626 type 0x06): one fix with the event's kind. */
export function decodeHarshEvent(reader: ByteReader): DecodedPosition {
  const alarm = harshEventAlarm(reader.u8());
  const time = readTime(reader);
  const status = reader.u8();
  reader.skip(5); // acceleration
  const position = decodedPosition(T800X_PROTOCOL, time, { valid: (status & 0x80) === 0, outdated: false });
  addAlarm(position.attributes, alarm);
  position.altitude = floatLe(reader);
  position.longitude = floatLe(reader);
  position.latitude = floatLe(reader);
  position.speed = (bcd(reader, 2) / 10) * KNOTS_PER_KMH;
  position.course = reader.u16() / 10;
  position.attributes[KEY.rpm] = reader.u16();
  return position;
}

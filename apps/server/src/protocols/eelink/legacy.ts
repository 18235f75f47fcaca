import { KNOTS_PER_KMH } from '@rastro/api';
import type { ByteReader } from '../kit/byte-reader.ts';
import { buildNetwork } from '../kit/network.ts';
import type { DecodedPosition } from '../types.ts';
import { addAlarm, KEY, PREFIX } from '../../position/keys.ts';
import { alarmOf } from './alarms.ts';
import { coordinate, epochSeconds, fixPosition, MessageType, readLegacyStatus } from './position.ts';

/** State messages whose event carries the device time and status word. */
const STATUS_EVENTS = new Set([0x01, 0x02, 0x03]);

/**
 * The first-generation messages (GPS 0x02, alarm 0x04, state 0x05, SMS 0x06): time, coordinates,
 * speed in km/h, course, the serving cell, a fix flag, then what the type adds.
 */
export function decodeLegacy(type: number, index: number, reader: ByteReader): DecodedPosition {
  const time = epochSeconds(reader.u32());
  const latitude = coordinate(reader.i32());
  const longitude = coordinate(reader.i32());
  const speed = reader.u8() * KNOTS_PER_KMH;
  const course = reader.u16();
  const [mcc, mnc, lac] = [reader.u16(), reader.u16(), reader.u16()];
  const cell = { mobileCountryCode: mcc, mobileNetworkCode: mnc, locationAreaCode: lac, cellId: reader.u24() };
  const position = fixPosition(time, (reader.u8() & 0x01) !== 0);
  Object.assign(position, { latitude, longitude, speed, course, network: buildNetwork([cell], []) });
  const attributes = position.attributes;
  attributes[KEY.index] = index;
  switch (type) {
    case MessageType.gps:
      if (reader.remaining >= 2) readLegacyStatus(reader.u16(), attributes);
      if (reader.remaining >= 8) {
        attributes[KEY.battery] = reader.u16() / 1000;
        attributes[KEY.rssi] = reader.u16();
        attributes[`${PREFIX.adc}1`] = reader.u16();
        attributes[`${PREFIX.adc}2`] = reader.u16();
      }
      break;
    case MessageType.alarm:
      addAlarm(attributes, alarmOf(reader.u8()));
      break;
    case MessageType.state: {
      const event = reader.u8();
      attributes[KEY.event] = event;
      if (STATUS_EVENTS.has(event)) {
        reader.skip(4); // device time
        if (reader.remaining >= 2) readLegacyStatus(reader.u16(), attributes);
      }
      break;
    }
  }
  return position;
}

import type { DecodedPosition } from '../types.ts';
import { readGps } from './gps.ts';
import { readServingCell } from './lbs.ts';
import type { Message } from './message.ts';
import { newPosition } from './position.ts';
import type { ByteReader } from './reader.ts';
import { KEY, addAlarm } from '../../position/keys.ts';

const ALARM = 0x33;

/**
 * AZ735 location (0x32) and alarm (0x33) messages in `79 79` frames: the GPS block with a length
 * byte (0: time only, no fix), the serving cell with its length and signal, further cells and
 * access points (skipped), the status byte (an alarm's code), a reserved extension.
 */
export function readAz735(reader: ByteReader, message: Message): DecodedPosition {
  const position = newPosition(message.receivedAt);
  // Without a fix only the time is read, and the position stays without a location of its own.
  readGps(reader, position, message.utcOffsetMinutes, { hasLength: true, hasSatellites: true, hasSpeed: true });
  const { attributes } = position;
  if (readServingCell(reader, position, message, true)) attributes[KEY.rssi] = reader.u8();
  reader.skip(reader.u8()); // further cells
  reader.skip(reader.u8()); // access points
  const status = reader.u8();
  attributes[KEY.status] = status;
  if (message.type === ALARM) {
    if (status === 0xa0 || status === 0xa1) attributes.armed = status === 0xa0;
    else if (status === 0xa2 || status === 0xa3) addAlarm(attributes, 'lowBattery');
    else if (status === 0xa4) addAlarm(attributes, 'general');
    else if (status === 0xa5) addAlarm(attributes, 'door');
  }
  reader.skip(reader.u8()); // reserved extension
  return position;
}

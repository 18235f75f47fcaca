import type { DecodedPosition } from '../types.ts';
import { readTime } from './gps.ts';
import type { Message } from './message.ts';
import { newPosition, setText } from './position.ts';
import type { ByteReader } from './reader.ts';
import { KEY } from '../../position/keys.ts';

/** What follows the OBD text: 12 bytes Traccar leaves unread. */
const AFTER_TEXT = 12;

/** OBD values by the decimal number their hex key starts with; hex values in hundredths (the VIN as text). */
const OBD_KEYS = new Map<number, string>([
  [40, KEY.odometer],
  [43, KEY.fuel],
  [45, 'coolantTemp'],
  [53, KEY.obdSpeed],
  [54, KEY.rpm],
  [71, KEY.fuelUsed],
  [73, KEY.hours],
]);
const VIN = 74;

/**
 * 0x8C, OBD data of FM08ABC-like devices: time, ignition, then `key=value` pairs separated by
 * commas, the key's first two hex digits naming the value. No fix; not acknowledged.
 */
export function readObd(reader: ByteReader, message: Message): DecodedPosition {
  const position = newPosition(readTime(reader, message.utcOffsetMinutes));
  const { attributes } = position;
  attributes[KEY.ignition] = reader.u8() > 0;
  const text = reader.ascii(Math.max(0, reader.remaining - AFTER_TEXT));
  for (const pair of text.split(',')) {
    const [name, value] = pair.split('=');
    if (value === undefined) continue;
    const id = Number.parseInt(name.slice(0, 2), 16);
    if (id === VIN) {
      setText(attributes, KEY.vin, value);
      continue;
    }
    const key = OBD_KEYS.get(id);
    const number = Number.parseInt(value, 16);
    if (key !== undefined && !Number.isNaN(number)) attributes[key] = number / 100;
  }
  return position;
}

import type { ByteReader } from '../kit/byte-reader.ts';
import type { DecodedPosition } from '../types.ts';
import { newPosition, utcTime } from './position.ts';

/** Packed BCD digits as a number; a nibble above 9 counts as its value, as Traccar reads garbled BCD. */
function bcdValue(bytes: Buffer): number {
  let value = 0;
  for (const byte of bytes) value = value * 100 + (byte >> 4) * 10 + (byte & 0x0f);
  return value;
}

/** `dddmmmmmm`: degrees, then minutes with four decimals. */
function degrees(raw: number): number {
  return Math.floor(raw / 1_000_000) + (raw % 1_000_000) / 10_000 / 60;
}

/**
 * The 17-byte location every binary record (and a peripheral report) starts with: BCD
 * ddmmyyhhmmss, latitude (8 digits), longitude (9 digits: the last shares a byte with the flags
 * valid / north / east), BCD speed taken as knots, course in units of 2°.
 */
export function readLocation(reader: ByteReader): DecodedPosition {
  const [day, month, year, hour, minute, second] = Array.from({ length: 6 }, () => bcdValue(reader.bytes(1)));
  const latitude = degrees(bcdValue(reader.bytes(4)));
  const longitudeHead = bcdValue(reader.bytes(4));
  const shared = reader.u8();
  const longitude = degrees(longitudeHead * 10 + (shared >> 4));
  const position = newPosition(utcTime(day, month, year, hour, minute, second), (shared & 0x01) !== 0);
  position.latitude = shared & 0x02 ? latitude : -latitude;
  position.longitude = shared & 0x04 ? longitude : -longitude;
  position.speed = bcdValue(reader.bytes(1));
  position.course = reader.u8() * 2;
  return position;
}

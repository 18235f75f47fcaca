import type { ConnectionState } from '../codec.ts';
import type { ByteReader } from '../kit/byte-reader.ts';
import { fromWallClock, toWallClock, validTimeZone } from '@rastro/api';
import { textSetting } from '../kit/settings.ts';

/** Terminals keep China's time unless the device's `decoder.timezone` says otherwise (Traccar's default for this protocol). */
const DEFAULT_ZONE = 'GMT+8';

/** The device's `decoder.timezone`; one that names no zone counts as unset. */
export function timeZoneOf(state: ConnectionState): string {
  return validTimeZone(textSetting(state, 'decoder.timezone')) ?? DEFAULT_ZONE;
}

/** Packed BCD digits as a number; a nibble above 9 counts as its value, as Traccar reads it. */
export function bcdNumber(reader: ByteReader, bytes: number): number {
  let value = 0;
  for (const byte of reader.bytes(bytes)) value = value * 100 + (byte >> 4) * 10 + (byte & 0x0f);
  return value;
}

/** BCD yyMMddHHmmss in the terminal's time zone. Out-of-range fields roll over, as Java's lenient calendar does. */
export function readBcdTime(reader: ByteReader, zone: string): Date {
  const [year, month, day, hour, minute, second] = Array.from({ length: 6 }, () => bcdNumber(reader, 1));
  return new Date(fromWallClock(Date.UTC(fullYear(year), month - 1, day, hour, minute, second), zone));
}

/** BCD ddMMyyHHmmss in UTC (the 0x5501 vendor layout). */
export function readBcdTimeDayFirst(reader: ByteReader): Date {
  const [day, month, year, hour, minute, second] = Array.from({ length: 6 }, () => bcdNumber(reader, 1));
  return new Date(Date.UTC(fullYear(year), month - 1, day, hour, minute, second));
}

/** Two digits are this century; garbled BCD (nibbles above 9) can read as more and is taken as is. */
function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/** `time` as the terminal's BCD yyMMddHHmmss in `zone`. */
export function bcdTime(time: Date, zone: string): Buffer {
  const local = new Date(toWallClock(time.getTime(), zone));
  const fields = [local.getUTCFullYear() % 100, local.getUTCMonth() + 1, local.getUTCDate(), local.getUTCHours(), local.getUTCMinutes(), local.getUTCSeconds()];
  return Buffer.from(fields.map((field) => String(field).padStart(2, '0')).join(''), 'hex');
}

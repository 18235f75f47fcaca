import type { ConnectionState } from '../codec.ts';
import type { ByteReader } from '../kit/byte-reader.ts';
import { textSetting } from '../kit/settings.ts';

/** Terminals keep China's time unless the device's `decoder.timezone` says otherwise (Traccar's default for this protocol). */
const DEFAULT_ZONE = 'GMT+8';

export function timeZoneOf(state: ConnectionState): string {
  return textSetting(state, 'decoder.timezone') ?? DEFAULT_ZONE;
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
  return fromLocal(Date.UTC(fullYear(year), month - 1, day, hour, minute, second), zone);
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
  const local = new Date(time.getTime() + (fixedOffset(zone) ?? zoneOffset(zone, time.getTime())));
  const fields = [local.getUTCFullYear() % 100, local.getUTCMonth() + 1, local.getUTCDate(), local.getUTCHours(), local.getUTCMinutes(), local.getUTCSeconds()];
  return Buffer.from(fields.map((field) => String(field).padStart(2, '0')).join(''), 'hex');
}

/** `local` is a wall-clock time read as if it were UTC; the instant it is in `zone`. */
function fromLocal(local: number, zone: string): Date {
  const fixed = fixedOffset(zone);
  if (fixed !== null) return new Date(local - fixed);
  // A named zone: its offset at the instant, corrected once across a daylight-saving change.
  const first = zoneOffset(zone, local);
  return new Date(local - zoneOffset(zone, local - first));
}

/** Offset in milliseconds of `GMT+8`, `UTC-03:00`, `+0530`, `UTC`; null for a named zone. */
function fixedOffset(zone: string): number | null {
  if (/^(GMT|UTC|Z)$/i.test(zone)) return 0;
  const match = /^(?:GMT|UTC)?([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(zone.trim());
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return (match[1] === '-' ? -minutes : minutes) * 60_000;
}

/** The offset of a named zone (`America/Sao_Paulo`) at an instant; an unknown name is GMT, as in Java. */
function zoneOffset(zone: string, instant: number): number {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
  } catch {
    return 0;
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]));
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

import { ProtocolError, type DecodeResult } from '../codec.ts';
import { newPosition, utcTime } from './position.ts';
import { readStatus } from './status.ts';
import { acknowledgement } from './replies.ts';
import { KEY } from '../../position/keys.ts';

/** The 42-byte variant carries a 15-digit IMEI in 8 bytes instead of a 10-digit id in 5. */
const IMEI_REPORT_LENGTH = 42;
/** Time, date, coordinates, battery, flags, speed, course and status after the id. */
const FIELDS_LENGTH = 23;

/** BCD digits as a number; nibbles above 9 count as their value, as Traccar computes them. */
function bcd(digits: string): number {
  // hex digits of a BCD field: one code unit each
  return digits.split('').reduce((value, digit) => value * 10 + parseInt(digit, 16), 0);
}

/** The battery byte: a 1-6 gauge (turned into percent as Traccar does), a percentage up to 100, or 0xF1-0xF6, kept as 1-6. */
function batteryLevel(value: number): number | undefined {
  if (value === 0) return undefined;
  if (value <= 3) return (value - 1) * 10;
  if (value <= 6) return (value - 1) * 20;
  if (value <= 100) return value;
  if (value >= 0xf1 && value <= 0xf6) return value - 0xf0;
  return undefined;
}

/**
 * A binary report, `$` then the id and BCD fields read here as a string of nibbles:
 * hhmmss ddmmyy, latitude ddmm.mmmm, battery byte, longitude dddmm.mmmm, flags nibble
 * (bit 1 valid, bit 2 north, bit 3 east), speed (3 digits, knots as Traccar reads it),
 * course (3 digits), status word. Anything after that is not decoded.
 */
export function decodeBinary(frame: Buffer, receivedAt: Date, ack: boolean): DecodeResult {
  const idLength = frame.length === IMEI_REPORT_LENGTH ? 8 : 5;
  if (frame.length < 1 + idLength + FIELDS_LENGTH) throw new ProtocolError('h02: binary report truncated');
  const uniqueId = frame.toString('hex', 1, 1 + idLength).slice(0, idLength === 8 ? 15 : 10);
  const digits = frame.toString('hex', 1 + idLength);

  const position = newPosition(receivedAt);
  position.outdated = false;
  // BCD pairs; a nibble above 9 counts as its value, as Traccar's BcdUtil reads it.
  const [hour, minute, second, day, month, year] = digits.slice(0, 12).match(/../g)!.map((pair) => String(bcd(pair)));
  position.deviceTime = position.fixTime = utcTime(day, month, year, hour, minute, second);

  const latitude = bcd(digits.slice(12, 14)) + bcd(digits.slice(14, 20)) / 10000 / 60;
  const battery = batteryLevel(parseInt(digits.slice(20, 22), 16));
  if (battery !== undefined) position.attributes[KEY.batteryLevel] = battery;
  const longitude = bcd(digits.slice(22, 25)) + bcd(digits.slice(25, 31)) / 10000 / 60;
  const flags = parseInt(digits[31], 16);
  position.valid = (flags & 0x02) !== 0;
  position.latitude = flags & 0x04 ? latitude : -latitude;
  position.longitude = flags & 0x08 ? longitude : -longitude;
  position.speed = bcd(digits.slice(32, 35));
  position.course = bcd(digits.slice(35, 38));
  readStatus(parseInt(digits.slice(38, 46), 16), position.attributes);
  return { uniqueId, positions: [position], ...(ack && { reply: acknowledgement(uniqueId, receivedAt) }) };
}

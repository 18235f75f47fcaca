import type { JsonValue } from '@rastro/api';

/** A value a device sent that cannot be decoded; its message is safe to send back to the device. */
export class DecodeError extends Error {
  override name = 'DecodeError';
}

/** Quotes device input in error messages, cut short so a reply never echoes a large payload. */
export function quote(value: string): string {
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

// Plain decimal notation only: Number() would also accept '', '0x1F', 'Infinity' and similar.
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+$/;

export function parseNumber(name: string, value: string): number {
  const text = value.trim();
  const number = DECIMAL.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(number)) throw new DecodeError(`invalid ${name}: ${quote(value)}`);
  return number;
}

export function parseInteger(name: string, value: string): number {
  const number = INTEGER.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number)) throw new DecodeError(`invalid ${name}: ${quote(value)}`);
  return number;
}

export function checkLatitude(latitude: number): number {
  if (latitude < -90 || latitude > 90) throw new DecodeError(`latitude out of range: ${latitude}`);
  return latitude;
}

export function checkLongitude(longitude: number): number {
  if (longitude < -180 || longitude > 180) throw new DecodeError(`longitude out of range: ${longitude}`);
  return longitude;
}

/** Unknown query params keep a JSON type: number if numeric, boolean for exactly `true`/`false`, else string. */
export function typedValue(value: string): JsonValue {
  const text = value.trim();
  if (DECIMAL.test(text) && Number.isFinite(Number(text))) return Number(text);
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/** Epoch seconds below 2^31-1, epoch milliseconds above; text with `T` is ISO 8601; else `yyyy-MM-dd HH:mm:ss` local. */
export function parseTimestamp(value: string): Date {
  if (INTEGER.test(value)) {
    const number = Number(value);
    return checkDate(value, new Date(number < 2147483647 ? number * 1000 : number));
  }
  return value.includes('T') ? parseIsoTime(value) : parseLocalTime(value);
}

const ISO_ZONED =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):(\d{2})(?::(\d{2}))?)(?:\[[^\]]+\])?$/i;

/** ISO 8601 date-time with a mandatory `Z` or offset, like Java's ISO_ZONED_DATE_TIME. */
export function parseIsoTime(value: string): Date {
  const m = ISO_ZONED.exec(value);
  if (!m) throw new DecodeError(`invalid timestamp: ${quote(value)} (ISO 8601 needs an offset or Z)`);
  const fields = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as DateFields;
  checkFields(value, fields);
  const millis = Number((m[7] ?? '').padEnd(3, '0').slice(0, 3));
  const offsetHours = Number(m[10] ?? 0);
  if (offsetHours > 18) throw new DecodeError(`invalid timestamp: ${quote(value)}`);
  const offsetSeconds = (offsetHours * 3600 + Number(m[11] ?? 0) * 60 + Number(m[12] ?? 0)) * (m[9] === '-' ? -1 : 1);
  const [y, mo, d, h, mi, s] = fields;
  return checkDate(value, new Date(Date.UTC(y, mo - 1, d, h, mi, s, millis) - offsetSeconds * 1000));
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** `yyyy-MM-dd HH:mm:ss` in the server's time zone, as Traccar parses it. */
function parseLocalTime(value: string): Date {
  const m = LOCAL.exec(value);
  if (!m) throw new DecodeError(`invalid timestamp: ${quote(value)}`);
  const fields = m.slice(1, 7).map(Number) as DateFields;
  checkFields(value, fields);
  const [y, mo, d, h, mi, s] = fields;
  return checkDate(value, new Date(y, mo - 1, d, h, mi, s));
}

type DateFields = [number, number, number, number, number, number];

function checkFields(value: string, [y, mo, d, h, mi, s]: DateFields): void {
  const daysInMonth = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth || h > 23 || mi > 59 || s > 59) {
    throw new DecodeError(`invalid timestamp: ${quote(value)}`);
  }
}

function checkDate(value: string, date: Date): Date {
  if (Number.isNaN(date.getTime())) throw new DecodeError(`invalid timestamp: ${quote(value)}`);
  return date;
}

import { KNOTS_PER_KMH } from '@rastro/api';
import type { DecodedPosition } from '../types.ts';
import type { ByteReader } from './reader.ts';
import { KEY } from '../../position/keys.ts';

/** Coordinates are sent in units of 1/30000 minute. */
const UNITS_PER_DEGREE = 60 * 30000;

/** `yy MM dd HH mm ss`, one byte each, in the device's time zone (UTC unless its login said otherwise). */
function readTime(reader: ByteReader, utcOffsetMinutes: number): Date {
  const [year, month, day, hour, minute, second] = [...reader.take(6)];
  return new Date(Date.UTC(2000 + year, month - 1, day, hour, minute, second) - utcOffsetMinutes * 60_000);
}

/**
 * The GPS block shared by the location and alarm messages: time, satellites (low nibble),
 * latitude, longitude, speed in km/h, then the course/status word:
 * bits 0-9 course, 10 north latitude, 11 west longitude, 12 fix valid, 14 "bit 15 is ACC", 15 ACC.
 */
export function readGps(reader: ByteReader, position: DecodedPosition, utcOffsetMinutes: number): void {
  position.deviceTime = position.fixTime = readTime(reader, utcOffsetMinutes);
  position.attributes[KEY.sat] = reader.u8() & 0x0f;
  const latitude = reader.u32() / UNITS_PER_DEGREE;
  const longitude = reader.u32() / UNITS_PER_DEGREE;
  position.speed = reader.u8() * KNOTS_PER_KMH;
  const flags = reader.u16();
  position.course = flags & 0x3ff;
  position.valid = (flags & 0x1000) !== 0;
  position.latitude = flags & 0x400 ? latitude : -latitude;
  position.longitude = flags & 0x800 ? -longitude : longitude;
  position.outdated = false;
  if (flags & 0x4000) position.attributes[KEY.ignition] = (flags & 0x8000) !== 0;
}

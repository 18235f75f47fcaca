import { KNOTS_PER_KMH } from '@rastro/api';
import type { DecodedPosition } from '../types.ts';
import type { ByteReader } from './reader.ts';
import { KEY } from '../../position/keys.ts';

/** Coordinates are sent in units of 1/30000 minute. */
const UNITS_PER_DEGREE = 60 * 30000;

/** `yy MM dd HH mm ss`, one byte each, in the device's time zone. */
export function readTime(reader: ByteReader, utcOffsetMinutes: number): Date {
  const [year, month, day, hour, minute, second] = [...reader.bytes(6)];
  return new Date(Date.UTC(2000 + year, month - 1, day, hour, minute, second) - utcOffsetMinutes * 60_000);
}

/** Layout differences of the GPS block between message types and firmwares. */
export interface GpsLayout {
  /** A byte after the time whose 0 says that there is no fix (AZ735). */
  hasLength?: boolean;
  hasSatellites?: boolean;
  hasSpeed?: boolean;
  /** Speed in two bytes. */
  longSpeed?: boolean;
  /** The course/status word comes before the speed. */
  flagsFirst?: boolean;
}

const STANDARD: GpsLayout = { hasSatellites: true, hasSpeed: true };

/**
 * The GPS block of the location and alarm messages: time, satellites (low nibble), latitude,
 * longitude, speed in km/h, then the course/status word. Returns false, with only the time read
 * (kept as the position's), when a length byte says that no fix follows.
 */
export function readGps(reader: ByteReader, position: DecodedPosition, utcOffsetMinutes: number, layout = STANDARD): boolean {
  position.deviceTime = position.fixTime = readTime(reader, utcOffsetMinutes);
  if (layout.hasLength && reader.u8() === 0) return false;
  if (layout.hasSatellites) position.attributes[KEY.sat] = reader.u8() & 0x0f;
  const latitude = reader.u32();
  const longitude = reader.u32();
  let flags = layout.flagsFirst ? reader.u16() : 0;
  if (layout.hasSpeed) position.speed = (layout.longSpeed ? reader.u16() : reader.u8()) * KNOTS_PER_KMH;
  if (!layout.flagsFirst) flags = reader.u16();
  applyFix(position, latitude, longitude, flags);
  if (flags & 0x4000) position.attributes[KEY.ignition] = (flags & 0x8000) !== 0;
  return true;
}

/**
 * Coordinates in 1/30000 minute and the course/status word: bits 0-9 course, 10 north latitude,
 * 11 west longitude, 12 fix valid (14 "bit 15 is ACC", 15 ACC are read by the caller).
 */
export function applyFix(position: DecodedPosition, latitude: number, longitude: number, flags: number): void {
  position.course = flags & 0x3ff;
  position.valid = (flags & 0x1000) !== 0;
  position.latitude = (flags & 0x400 ? latitude : -latitude) / UNITS_PER_DEGREE;
  position.longitude = (flags & 0x800 ? -longitude : longitude) / UNITS_PER_DEGREE;
  position.outdated = false;
}

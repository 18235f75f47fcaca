import { KNOTS_PER_MPS } from '@rastro/api';
import { decodedPosition } from '../../position/create.ts';
import { KEY } from '../../position/keys.ts';
import type { ByteReader } from '../kit/byte-reader.ts';
import type { DecodedPosition } from '../types.ts';

export const CASTEL_PROTOCOL = 'castel';

const UNITS_PER_DEGREE = 3_600_000;
const KNOTS_PER_CM_PER_S = KNOTS_PER_MPS / 100;

/** A message without a fix of its own: the server gives it the last known location. */
export function statusPosition(receivedAt: Date): DecodedPosition {
  return decodedPosition(CASTEL_PROTOCOL, receivedAt, { valid: false, outdated: true });
}

/**
 * The 19-byte GPS block every device family shares: day, month, year, hour, minute, second (UTC),
 * latitude and longitude in 1/3600000 degree, speed in cm/s, course in 0.1 degree (all
 * little-endian), then flags: bit 0 east, bit 1 north, bits 2-3 fix, bits 4-7 satellites.
 */
export function readFix(reader: ByteReader): DecodedPosition {
  const [day, month, year, hour, minute, second] = [...reader.bytes(6)];
  const time = new Date(Date.UTC(2000 + year, month - 1, day, hour, minute, second));
  const position = decodedPosition(CASTEL_PROTOCOL, time, { valid: false, outdated: false });
  const latitude = reader.u32le() / UNITS_PER_DEGREE;
  const longitude = reader.u32le() / UNITS_PER_DEGREE;
  position.speed = reader.u16le() * KNOTS_PER_CM_PER_S;
  position.course = reader.u16le() / 10;
  const flags = reader.u8();
  position.latitude = flags & 0x02 ? latitude : -latitude;
  position.longitude = flags & 0x01 ? longitude : -longitude;
  position.valid = (flags & 0x0c) !== 0;
  position.attributes[KEY.sat] = flags >> 4;
  return position;
}

import { decodedPosition } from '../../position/create.ts';
import { ProtocolError } from '../codec.ts';
import type { ByteReader } from '../kit/byte-reader.ts';
import type { DecodedPosition } from '../types.ts';

export const T800X_PROTOCOL = 't800x';

/**
 * Packed BCD of `bytes` bytes as a number. The firmware fills absent values with 0xff, and like
 * Traccar a nibble above 9 still weighs as one digit (0xff reads 165) rather than refusing the message.
 */
export function bcd(reader: ByteReader, bytes: number): number {
  let value = 0;
  for (const byte of reader.bytes(bytes)) value = value * 100 + (byte >> 4) * 10 + (byte & 0x0f);
  return value;
}

/** `yy mm dd hh mm ss` in BCD, UTC. */
export function readTime(reader: ByteReader): Date {
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map(() => bcd(reader, 1));
  return new Date(Date.UTC(2000 + year, month - 1, day, hour, minute, second));
}

/** Coordinates and altitude are IEEE floats, little-endian; NaN or infinity is a broken message. */
export function floatLe(reader: ByteReader): number {
  const value = reader.bytes(4).readFloatLE(0);
  if (!Number.isFinite(value)) throw new ProtocolError('t800x: a coordinate is not a number');
  return value;
}

/** A message without a fix of its own: processing copies the last known location. */
export function outdatedPosition(time: Date): DecodedPosition {
  return decodedPosition(T800X_PROTOCOL, time, { valid: false, outdated: true });
}

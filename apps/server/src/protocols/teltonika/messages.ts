import { ProtocolError } from '../codec.ts';
import type { DecodedPosition } from '../types.ts';
import { outdatedPosition } from './position.ts';
import type { ByteReader } from '../kit/byte-reader.ts';
import { KEY } from '../../position/keys.ts';

export const CODEC_12 = 0x0c;
export const CODEC_13 = 0x0d;

/** Codec 12 message type of a command the server sends. */
export const COMMAND_TYPE = 0x05;
/** Codec 12 camera transfer (photo chunks): needs media storage, which this server does not keep. */
const CAMERA_TYPE = 0x0d;

/**
 * A codec 12 message from the device, typically the reply (type 0x06) to a command: an outdated
 * position with the message `type` and its text as `result` (hex when not printable), or the
 * loads an axle scale relays. Camera messages yield nothing.
 */
export function decodeCodec12Message(reader: ByteReader, receivedAt: Date): DecodedPosition | null {
  const type = reader.u8();
  const payload = reader.bytes(reader.u32());
  if (type === CAMERA_TYPE) return null;
  const position = outdatedPosition(receivedAt);
  position.attributes[KEY.type] = type;
  if (!printable(payload)) {
    position.attributes[KEY.result] = payload.toString('hex');
    return position;
  }
  const text = payload.toString('latin1').trim();
  const loads = axleLoads(text);
  if (loads) Object.assign(position.attributes, loads);
  else position.attributes[KEY.result] = text;
  return position;
}

/** What an axle load scale relays: eight axle loads, then the truck's and trailer's loads and totals. */
const AXLE_KEYS = [...Array.from({ length: 8 }, (_, n) => `axle${n + 1}`), 'loadTruck', 'loadTrailer', 'totalTruck', 'totalTrailer'];

/** `UUUUww<values separated by ;>;SSS` from an axle load scale on the serial port, or null for any other text. */
function axleLoads(text: string): Record<string, number> | null {
  if (!text.startsWith('UUUUww') || !text.endsWith('SSS')) return null;
  const values = text.slice(6, -4).split(';');
  if (values.length < AXLE_KEYS.length) throw new ProtocolError('axle load report with too few values');
  return Object.fromEntries(
    AXLE_KEYS.map((key, n) => {
      const value = values[n].trim() === '' ? NaN : Number(values[n]);
      if (!Number.isFinite(value)) throw new ProtocolError(`axle load ${values[n]} is not a number`);
      return [key, value];
    }),
  );
}

/**
 * A codec 13 message: like codec 12 with the device's timestamp. `GTSL|...` driver
 * identification lines carry the driver id in their fifth field.
 */
export function decodeCodec13Message(reader: ByteReader, receivedAt: Date): DecodedPosition {
  reader.u8(); // type
  const length = reader.u32() - 4;
  const seconds = reader.u32();
  const payload = reader.bytes(length);
  const position = outdatedPosition(receivedAt);
  position.deviceTime = new Date(seconds * 1000);
  if (!printable(payload)) {
    position.attributes[KEY.result] = payload.toString('hex');
    return position;
  }
  const text = payload.toString('latin1').trim();
  const driver = text.startsWith('GTSL') ? text.split('|')[4] : undefined;
  if (driver) position.attributes[KEY.driverUniqueId] = driver;
  else position.attributes[KEY.result] = text;
  return position;
}

/** Traccar's test: no control characters other than CR and LF, and nothing above 7 bits. */
function printable(payload: Buffer): boolean {
  return payload.every((byte) => (byte >= 0x20 && byte < 0x80) || byte === 0x0d || byte === 0x0a);
}

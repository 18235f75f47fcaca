import { KNOTS_PER_KMH } from '@rastro/api';
import { decodedPosition } from '../../position/create.ts';
import { KEY } from '../../position/keys.ts';
import { ProtocolError, type DecodeResult } from '../codec.ts';
import { ByteReader } from '../kit/byte-reader.ts';
import type { DecodedPosition } from '../types.ts';

export const CONTINENTAL_PROTOCOL = 'continental';

/** The only message with a position; keep-alives (0x00), ACK (0x06) and NACK (0x15) carry none. */
const STATUS = 0x02;

/**
 * Continental (Brazil) binary frames: `SV`, length, software version, serial number (the
 * device's id, in decimal), product, message type, then the type's body. The server never replies.
 */
export function decodeContinental(frame: Buffer): DecodeResult {
  const reader = new ByteReader(frame, 'continental frame');
  reader.skip(4); // header and length
  reader.u8(); // software version
  const uniqueId = String(reader.u32());
  reader.u8(); // product
  const type = reader.u8();
  return type === STATUS ? { uniqueId, positions: [status(reader)] } : { uniqueId };
}

/**
 * Coordinates are signed seconds of arc in 24 bits, or hundredths of seconds in 28 bits
 * ("extended"), which a non-zero top byte of the latitude announces.
 */
function coordinates(reader: ByteReader): [number, number] {
  const extended = reader.peek() !== 0;
  const read = () => {
    const raw = reader.u32();
    return extended ? ((raw << 4) >> 4) / 360_000 : ((raw << 8) >> 8) / 3_600;
  };
  const latitude = read();
  const longitude = read();
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) throw new ProtocolError('continental: coordinates out of range');
  return [latitude, longitude];
}

function status(reader: ByteReader): DecodedPosition {
  // Times are Unix seconds: the fix's, then (after the fix block) the message's.
  const position = decodedPosition(CONTINENTAL_PROTOCOL, new Date(reader.u32() * 1000), { valid: false, outdated: false });
  [position.latitude, position.longitude] = coordinates(reader);
  position.course = reader.u16();
  position.speed = reader.u16() * KNOTS_PER_KMH;
  position.valid = reader.u8() > 0;
  position.deviceTime = new Date(reader.u32() * 1000);

  const { attributes } = position;
  attributes[KEY.event] = reader.u16();
  const input = reader.u16();
  attributes[KEY.ignition] = (input & 1) !== 0;
  attributes[KEY.input] = input;
  attributes[KEY.output] = reader.u16();
  attributes[KEY.battery] = reader.u8();
  attributes.deviceTemp = reader.i8();
  reader.skip(2); // reserved
  // Longer frames append the odometer and engine hours; Traccar reads each only when more than 4 bytes follow.
  if (reader.remaining > 4) attributes[KEY.odometer] = reader.u32();
  if (reader.remaining > 4) attributes[KEY.hours] = reader.u32() * 3_600_000;
  return position;
}

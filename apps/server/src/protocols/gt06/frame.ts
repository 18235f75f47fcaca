import { ProtocolError } from '../codec.ts';
import { crc16X25 } from './crc.ts';

/** `78 78` frames have a 1-byte length, `79 79` ("extended") frames a 2-byte one. */
const SHORT_HEADER = 0x78;
export const EXTENDED_HEADER = 0x79;
const CR_LF = Buffer.from('\r\n');

/**
 * Length of the first GT06 frame in `buffer`: header, length, body, CRC, `0D 0A`.
 * The length field counts from the protocol number to the CRC. Some devices fill it in wrongly
 * (zero, or off by a few bytes), so when the frame it announces does not end in CR LF the frame
 * ends at the first CR LF instead, as Traccar's frame decoder does.
 */
export function gt06FrameLength(buffer: Buffer): number {
  if (buffer.length === 0) return 0;
  const header = buffer[0];
  if (header !== SHORT_HEADER && header !== EXTENDED_HEADER) {
    throw new ProtocolError(`gt06: a frame cannot start with 0x${header.toString(16)}`);
  }
  if (buffer.length > 1 && buffer[1] !== header) throw new ProtocolError('gt06: broken frame header');
  if (buffer.length < 5) return 0;
  const announced = header === SHORT_HEADER ? 2 + 1 + buffer[2] + 2 : 2 + 2 + buffer.readUInt16BE(2) + 2;
  if (buffer.length >= announced && buffer[announced - 2] === 0x0d && buffer[announced - 1] === 0x0a) return announced;
  const end = buffer.indexOf(CR_LF, 2);
  return end < 0 ? 0 : end + 2;
}

/** A `78 78` packet to the device: acknowledgements and commands. The serial is the message's (acks) or 0 (commands). */
export function encodePacket(type: number, body: Buffer, serial: number): Buffer {
  const packet = Buffer.alloc(2 + 1 + 1 + body.length + 2 + 2 + 2);
  packet[0] = packet[1] = SHORT_HEADER;
  packet[2] = 1 + body.length + 2 + 2;
  packet[3] = type;
  body.copy(packet, 4);
  const serialAt = 4 + body.length;
  packet.writeUInt16BE(serial, serialAt);
  packet.writeUInt16BE(crc16X25(packet.subarray(2, serialAt + 2)), serialAt + 2);
  CR_LF.copy(packet, serialAt + 4);
  return packet;
}

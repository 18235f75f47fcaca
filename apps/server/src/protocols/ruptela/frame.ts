import { crc16Kermit } from '../kit/crc.ts';
import { ProtocolError } from '../codec.ts';

/**
 * Ruptela frames: `<length u16> <IMEI u64> <command u8> <data> <CRC u16>`, the length counting
 * the IMEI, command and data, the CRC (CRC-16/KERMIT, big-endian) covering them too. Frames
 * have no marker, so the CRC is what tells a frame from junk or from a length gone wrong: a
 * frame whose CRC fails cannot be split on, and the stream resynchronises at the next
 * plausible start. Server messages have no IMEI: `<length> <id> <data> <CRC>`.
 */
const LENGTH_SIZE = 2;
const CRC_SIZE = 2;
/** IMEI and command. */
const MIN_LENGTH = 9;
/** Traccar takes frames up to 1 kB; twice that leaves room for any device. */
const MAX_FRAME_LENGTH = 2048;

/** A 15-digit IMEI is below 10^15 < 2^50: the IMEI's first two bytes are 0 and 0 to 3. */
function plausibleStart(buffer: Buffer, at: number): boolean {
  const length = buffer.readUInt16BE(at);
  return length >= MIN_LENGTH && length + LENGTH_SIZE + CRC_SIZE <= MAX_FRAME_LENGTH && buffer[at + 2] === 0 && buffer[at + 3] <= 3;
}

export function ruptelaFrameLength(buffer: Buffer): number {
  if (buffer.length < 4) return 0;
  if (!plausibleStart(buffer, 0)) throw new ProtocolError('ruptela: not a frame start (length or IMEI out of range)');
  const total = LENGTH_SIZE + buffer.readUInt16BE(0) + CRC_SIZE;
  if (buffer.length < total) return 0;
  if (buffer.readUInt16BE(total - CRC_SIZE) !== crc16Kermit(buffer.subarray(LENGTH_SIZE, total - CRC_SIZE))) {
    throw new ProtocolError('ruptela: CRC does not match the frame length');
  }
  return total;
}

export function ruptelaFrameStart(buffer: Buffer, from: number): number {
  for (let at = from; at + 4 <= buffer.length; at++) if (plausibleStart(buffer, at)) return at;
  return -1;
}

/**
 * A server message about device command `command`: it goes as id `100 + command` (records
 * are answered as 100, with the id of no command), then `content`.
 */
export function serverMessage(command: number, content: Buffer = Buffer.alloc(0)): Buffer {
  const message = Buffer.alloc(LENGTH_SIZE + 1 + content.length + CRC_SIZE);
  message.writeUInt16BE(1 + content.length, 0);
  message[LENGTH_SIZE] = 100 + command;
  content.copy(message, LENGTH_SIZE + 1);
  message.writeUInt16BE(crc16Kermit(message.subarray(LENGTH_SIZE, -CRC_SIZE)), message.length - CRC_SIZE);
  return message;
}

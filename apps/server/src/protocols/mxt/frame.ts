import { crc16Xmodem } from '../kit/crc.ts';
import { ProtocolError } from '../codec.ts';
import { unescapeBytes } from '../kit/escapes.ts';
import { enclosed } from '../kit/framing.ts';

/**
 * MXT frames run from 0x01 to 0x04. Inside, 0x01, 0x04, 0x10, 0x11 and 0x13 are sent as 0x10
 * followed by the byte plus 0x20, so neither marker can occur in the data. The last two bytes
 * before the end are the CRC-16/XMODEM (little-endian) of what lies between the markers.
 */
const START = 0x01;
const END = 0x04;
const ESCAPE = 0x10;
const ESCAPED = new Set([0x01, 0x04, 0x10, 0x11, 0x13]);
/** A position message is under a hundred bytes; anything without an end this far is garbage. */
const MAX_FRAME_LENGTH = 1024;

export const mxtFraming = enclosed(START, END, MAX_FRAME_LENGTH);

/** The message between the markers, escapes resolved. */
export function unescapeFrame(frame: Buffer): Buffer {
  return unescapeBytes(frame.subarray(1, -1), ESCAPE, (code) => {
    if (code === undefined || code < 0x20) throw new ProtocolError('mxt: broken escape');
    return code - 0x20;
  });
}

/** A message framed for sending: markers around it, special bytes escaped. */
export function escapeFrame(message: Buffer): Buffer {
  const out = [START];
  for (const byte of message) {
    if (ESCAPED.has(byte)) out.push(ESCAPE, byte + 0x20);
    else out.push(byte);
  }
  out.push(END);
  return Buffer.from(out);
}

export function mxtChecksumValid(frame: Buffer): boolean {
  let message: Buffer;
  try {
    message = unescapeFrame(frame);
  } catch {
    return false;
  }
  return message.length > 2 && message.readUInt16LE(message.length - 2) === crc16Xmodem(message.subarray(0, -2));
}

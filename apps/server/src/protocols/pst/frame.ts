import { ProtocolError } from '../codec.ts';
import { crc16Xmodem } from '../kit/crc.ts';
import { unescapeBytes } from '../kit/escapes.ts';

/**
 * Over TCP a Pósitron message travels between `(` and `)`; inside, 0x27, 0x28 and 0x29 are sent
 * as 0x27 followed by the byte XOR 0x40, so neither marker occurs in the data. Some firmwares
 * repeat the opening `(`. Over UDP a datagram is the bare message.
 */
const OPEN = 0x28;
const CLOSE = 0x29;
const ESCAPE = 0x27;
/** Status messages are about a hundred bytes; a frame without its end this far is garbage. */
const MAX_FRAME_LENGTH = 2048;

export function pstFrameLength(buffer: Buffer): number {
  if (buffer.length === 0) return 0;
  if (buffer[0] !== OPEN) throw new ProtocolError(`pst: a frame cannot start with 0x${buffer[0].toString(16)}`);
  const end = buffer.indexOf(CLOSE, 1);
  if (end < 0) {
    if (buffer.length > MAX_FRAME_LENGTH) throw new ProtocolError(`pst: no frame end in ${buffer.length} bytes`);
    return 0;
  }
  return end + 1;
}

export function pstFrameStart(buffer: Buffer, from: number): number {
  return buffer.indexOf(OPEN, from);
}

export function isFramed(frame: Buffer): boolean {
  return frame[0] === OPEN;
}

/** The message inside a TCP frame, escapes resolved. */
export function unframe(frame: Buffer): Buffer {
  let start = 0;
  while (frame[start] === OPEN) start++;
  const end = frame[frame.length - 1] === CLOSE ? frame.length - 1 : frame.length;
  return unescapeBytes(frame.subarray(start, end), ESCAPE, (code) => {
    if (code === undefined) throw new ProtocolError('pst: broken escape');
    return code ^ 0x40;
  });
}

/** A message framed for TCP: markers around it, special bytes escaped. */
export function frame(message: Buffer): Buffer {
  const out = [OPEN];
  for (const byte of message) {
    if (byte === ESCAPE || byte === OPEN || byte === CLOSE) out.push(ESCAPE, byte ^ 0x40);
    else out.push(byte);
  }
  out.push(CLOSE);
  return Buffer.from(out);
}

/** A message with its CRC-16/XMODEM appended (big-endian), as both sides send them. */
export function withCrc(body: Buffer): Buffer {
  const crc = Buffer.alloc(2);
  crc.writeUInt16BE(crc16Xmodem(body));
  return Buffer.concat([body, crc]);
}

/** Whether a bare message's last two bytes are the CRC-16/XMODEM of the rest. */
export function crcValid(message: Buffer): boolean {
  return message.length > 2 && message.readUInt16BE(message.length - 2) === crc16Xmodem(message.subarray(0, -2));
}

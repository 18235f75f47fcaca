import { ProtocolError } from '../codec.ts';

const OPEN = 0x28; // '('
const CLOSE = 0x29; // ')'
const FREE_TEXT = 0x24; // '$'
/** Traccar gives up on a frame that has not ended within this many bytes. */
const MAX_LENGTH = 1024;

/**
 * `(...)` frames. Command replies carry free text between `$` signs, which may hold a `)`: the
 * frame ends at the first `)` outside such text, i.e. after an even number of `$`.
 */
export function tk103FrameLength(buffer: Buffer): number {
  if (buffer.length === 0) return 0;
  if (buffer[0] !== OPEN) throw new ProtocolError('tk103: a frame starts with (');
  let dollars = 0;
  for (let at = 1; at < buffer.length; at++) {
    if (buffer[at] === FREE_TEXT) dollars++;
    else if (buffer[at] === CLOSE && dollars % 2 === 0) return at + 1;
  }
  if (buffer.length > MAX_LENGTH) throw new ProtocolError(`tk103: no frame end in ${buffer.length} bytes`);
  return 0;
}

export function tk103FrameStart(buffer: Buffer, from: number): number {
  return buffer.indexOf(OPEN, from);
}

/** Over UDP a datagram is one message, as Traccar reads it. */
export function tk103DatagramLength(datagram: Buffer): number {
  return datagram.length;
}

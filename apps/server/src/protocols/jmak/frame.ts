import { ProtocolError } from '../codec.ts';

/**
 * JMAK sends reports as `~…$`, other messages as `^…$` and JSON objects `{…}` (braces nested).
 * Anything else cannot start a frame.
 */
const REPORT = 0x7e; // ~
const NOTICE = 0x5e; // ^
const END = 0x24; // $
const OPEN = 0x7b; // {
const CLOSE = 0x7d; // }
/** Reports are a few hundred characters; without an end this far the bytes are garbage. */
const MAX_FRAME_LENGTH = 8192;

export function jmakFrameLength(buffer: Buffer): number {
  if (buffer.length === 0) return 0;
  const first = buffer[0];
  let length: number;
  if (first === REPORT || first === NOTICE) {
    const end = buffer.indexOf(END, 1);
    length = end < 0 ? 0 : end + 1;
  } else if (first === OPEN) {
    length = jsonLength(buffer);
  } else {
    throw new ProtocolError(`jmak: a frame cannot start with 0x${first.toString(16)}`);
  }
  if (length === 0 && buffer.length > MAX_FRAME_LENGTH) throw new ProtocolError(`jmak: no frame end in ${buffer.length} bytes`);
  return length;
}

/** Length of the JSON object at the start, or 0 while its closing brace has not arrived. */
function jsonLength(buffer: Buffer): number {
  let nesting = 0;
  for (let i = 0; i < buffer.length; i++) {
    if (buffer[i] === OPEN) nesting++;
    else if (buffer[i] === CLOSE && --nesting === 0) return i + 1;
  }
  return 0;
}

export function jmakFrameStart(buffer: Buffer, from: number): number {
  for (let i = from; i < buffer.length; i++) {
    if (buffer[i] === REPORT || buffer[i] === NOTICE || buffer[i] === OPEN) return i;
  }
  return -1;
}

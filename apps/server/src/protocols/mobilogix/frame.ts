import { ProtocolError } from '../codec.ts';

const OPEN = 0x5b; // [
const CLOSE = 0x5d; // ]
/** Messages are one short line; this much without its `]` is garbage. */
const MAX_LENGTH = 1024;

function isBlank(byte: number): boolean {
  return byte === 0x20 || byte === 0x0d || byte === 0x0a;
}

/**
 * A message is `[…]`. Some firmwares put a line break between messages: leading blanks belong to
 * the next frame (the decoder trims them) instead of being skipped as junk.
 */
export function mobilogixFrameLength(buffer: Buffer): number {
  let start = 0;
  while (start < buffer.length && isBlank(buffer[start])) start++;
  if (start === buffer.length) return 0;
  if (buffer[start] !== OPEN) throw new ProtocolError('mobilogix: a message starts with [');
  const end = buffer.indexOf(CLOSE, start);
  if (end < 0) {
    if (buffer.length > MAX_LENGTH) throw new ProtocolError(`mobilogix: no ] in ${buffer.length} bytes`);
    return 0;
  }
  return end + 1;
}

export function mobilogixFrameStart(buffer: Buffer, from: number): number {
  return buffer.indexOf(OPEN, from);
}

import { ProtocolError } from '../codec.ts';
import { unescapeBytes } from '../kit/escapes.ts';

const OPEN = 0x5b; // [
const CLOSE = 0x5d; // ]
const ESCAPE = 0x7d; // }

/** Traccar's limit for this protocol; voice messages come in parts well below it. */
const MAX_LENGTH = 32 * 1024;

/** What `}` followed by 1 to 5 stands for inside binary content (voice, photos). */
const ESCAPED = [0x7d, 0x5b, 0x5d, 0x2c, 0x2a]; // } [ ] , *

/**
 * A message runs from `[` to the `]` that balances it: Wi-Fi names may hold brackets of their
 * own. The length field cannot be trusted to split the stream (devices get it wrong, e.g.
 * `[SG*9081000548*0009*LK,0,100]`); binary content escapes its brackets, so counting is safe.
 */
export function watchFrameLength(buffer: Buffer): number {
  if (buffer.length === 0) return 0;
  if (buffer[0] !== OPEN) throw new ProtocolError('watch message does not start with [');
  let depth = 0;
  for (let at = 0; at < buffer.length && at < MAX_LENGTH; at++) {
    if (buffer[at] === OPEN) depth++;
    else if (buffer[at] === CLOSE && --depth === 0) return at + 1;
  }
  if (buffer.length >= MAX_LENGTH) throw new ProtocolError(`no watch message end in ${MAX_LENGTH} bytes`);
  return 0;
}

export function watchFrameStart(buffer: Buffer, from: number): number {
  return buffer.indexOf(OPEN, from);
}

/** The frame with its escapes undone; an escape of anything else is a broken message. */
export function unescape(frame: Buffer): Buffer {
  if (!frame.includes(ESCAPE)) return frame;
  return unescapeBytes(frame, ESCAPE, (code) => {
    const byte = code === undefined ? undefined : ESCAPED[code - 1];
    if (byte === undefined) throw new ProtocolError(`watch: bad escape 0x7d 0x${(code ?? 0).toString(16)}`);
    return byte;
  });
}

/** Binary content as the device expects it: `}`, `[`, `]`, `,` and `*` escaped. */
export function escape(data: Buffer): Buffer {
  const bytes: number[] = [];
  for (const byte of data) {
    const code = ESCAPED.indexOf(byte);
    if (code >= 0) bytes.push(ESCAPE, code + 1);
    else bytes.push(byte);
  }
  return Buffer.from(bytes);
}

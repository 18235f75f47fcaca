import type { DecodeResult } from '../codec.ts';
import { ByteReader } from '../kit/byte-reader.ts';
import { encodeFrame, type CastelFrame } from './frame.ts';
import { readFix } from './position.ts';

/** MPIP (`$$` frames, no version byte) message types. */
const POSITION = 0x4001;
const LOGIN = 0x2001;
const LOGIN_RESPONSE = 0x1001;
const REPORTS = new Set([0x4201, 0x4202, 0x4206]);
const HISTORY = 0x4204;
const HISTORY_FIXES = 8;
/** What follows each fix of a history message. */
const HISTORY_FIX_TAIL = 31;

/**
 * The answers are `@@` frames: to a position an empty one of its own type with 0xFF in the
 * version byte; to the login one without a version byte, holding four zero bytes and eight 0xFF.
 */
export function decodeMpip(frame: CastelFrame): DecodeResult {
  const reader = new ByteReader(frame.body, 'castel message');
  if (frame.type === POSITION) {
    return { positions: [readFix(reader)], reply: encodeFrame(0xff, frame.id, POSITION) };
  }
  if (frame.type === LOGIN) {
    const reply = encodeFrame(null, frame.id, LOGIN_RESPONSE, Buffer.concat([Buffer.alloc(4), Buffer.alloc(8, 0xff)]));
    reader.skip(4 + 4 + 1); // index, Unix time, one byte
    return { positions: [readFix(reader)], reply };
  }
  if (REPORTS.has(frame.type)) return { positions: [readFix(reader)] };
  if (frame.type === HISTORY) {
    const positions = Array.from({ length: HISTORY_FIXES }, () => {
      const position = readFix(reader);
      reader.skip(HISTORY_FIX_TAIL);
      return position;
    });
    return { positions };
  }
  return {};
}

import type { StreamCodec } from '../codec.ts';
import { decodeBinary } from './binary.ts';
import { encodeJt600Command, JT600_COMMAND_TYPES } from './commands.ts';
import { jt600FrameLength, jt600FrameStart, unescapeText } from './frame.ts';
import { decodePeripheralReport, isPeripheralReport } from './peripherals.ts';
import { JT600_PROTOCOL } from './position.ts';
import { decodeText } from './text.ts';

/**
 * Jointech JT600 family (JT600, JT701, JT705, JT709…) over TCP (Traccar port 5014): `$` binary
 * reports and `(…)` text reports on the same connection. Every report names the device.
 */
export const jt600Codec: StreamCodec = {
  protocol: JT600_PROTOCOL,
  frameLength: jt600FrameLength,
  frameStart: jt600FrameStart,
  decode(frame, state) {
    if (frame[0] === 0x24) return decodeBinary(frame, state);
    const unescaped = unescapeText(frame);
    if (isPeripheralReport(unescaped)) return decodePeripheralReport(unescaped);
    return decodeText(unescaped.toString('latin1'), state);
  },
  commandTypes: JT600_COMMAND_TYPES,
  encodeCommand: encodeJt600Command,
};

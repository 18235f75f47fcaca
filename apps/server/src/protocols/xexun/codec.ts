import type { StreamCodec } from '../codec.ts';
import { encodeXexunCommand, XEXUN_COMMAND_TYPES } from './commands.ts';
import { decodeXexun, XEXUN_PROTOCOL } from './decoder.ts';
import { xexunFrameLength, xexunFrameStart } from './frame.ts';

/**
 * Xexun (TK102/TK103-style) trackers over TCP (Traccar port 5006): GPRMC-based text lines that
 * name the device by `imei:` in every message. The server never replies.
 */
export const xexunCodec: StreamCodec = {
  protocol: XEXUN_PROTOCOL,
  frameLength: xexunFrameLength,
  frameStart: xexunFrameStart,
  decode: decodeXexun,
  commandTypes: XEXUN_COMMAND_TYPES,
  encodeCommand: encodeXexunCommand,
};

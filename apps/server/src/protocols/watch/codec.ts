import type { StreamCodec } from '../codec.ts';
import { encodeWatchCommand, WATCH_COMMAND_TYPES } from './commands.ts';
import { decodeWatch } from './decoder.ts';
import { watchFrameLength, watchFrameStart } from './frame.ts';
import { WATCH_PROTOCOL } from './position.ts';

/** 3G/4G children's and seniors' watches and personal trackers (Traccar's watch, TCP port 5093). */
export const watchCodec: StreamCodec = {
  protocol: WATCH_PROTOCOL,
  frameLength: watchFrameLength,
  frameStart: watchFrameStart,
  decode: decodeWatch,
  commandTypes: WATCH_COMMAND_TYPES,
  encodeCommand: encodeWatchCommand,
};

import type { StreamCodec } from '../codec.ts';
import { encodeJmakCommand, JMAK_COMMAND_TYPES } from './commands.ts';
import { decodeJmak, JMAK_PROTOCOL } from './decoder.ts';
import { jmakFrameLength, jmakFrameStart } from './frame.ts';

/** JMAK trackers (Traccar's jmak, port 5259): text reports over TCP, each answered with `ACK`. */
export const jmakCodec: StreamCodec = {
  protocol: JMAK_PROTOCOL,
  frameLength: jmakFrameLength,
  frameStart: jmakFrameStart,
  decode: (frame, _state, receivedAt) => decodeJmak(frame, receivedAt),
  commandTypes: JMAK_COMMAND_TYPES,
  encodeCommand: encodeJmakCommand,
};

import type { StreamCodec } from '../codec.ts';
import { encodeT800xCommand, T800X_COMMAND_TYPES } from './commands.ts';
import { decodeT800x } from './decoder.ts';
import { T800X_PROTOCOL } from './fields.ts';
import { t800xFrameLength, t800xFrameStart } from './frame.ts';

/**
 * Topflytech trackers (Traccar's t800x, port 5094). The same codec serves TCP and UDP: every
 * message carries its own length, so a datagram splits like the stream.
 */
export const t800xCodec: StreamCodec = {
  protocol: T800X_PROTOCOL,
  frameLength: t800xFrameLength,
  frameStart: t800xFrameStart,
  decode: decodeT800x,
  commandTypes: T800X_COMMAND_TYPES,
  encodeCommand: encodeT800xCommand,
};

import type { StreamCodec } from '../codec.ts';
import { encodeGt06Command, GT06_COMMAND_TYPES } from './commands.ts';
import { decodeGt06 } from './decoder.ts';
import { gt06ChecksumValid, gt06FrameLength, gt06FrameStart } from './frame.ts';
import { GT06_PROTOCOL } from './position.ts';

/** GT06 / Concox binary protocol over TCP (Traccar port 5023). */
export const gt06Codec: StreamCodec = {
  protocol: GT06_PROTOCOL,
  frameLength: gt06FrameLength,
  frameStart: gt06FrameStart,
  decode: decodeGt06,
  checksumValid: gt06ChecksumValid,
  commandTypes: GT06_COMMAND_TYPES,
  encodeCommand: encodeGt06Command,
};

import type { StreamCodec } from '../codec.ts';
import { encodeMxtCommand, MXT_COMMAND_TYPES } from './commands.ts';
import { decodeMxt, MXT_PROTOCOL } from './decoder.ts';
import { mxtChecksumValid, mxtFraming } from './frame.ts';

/** Maxtrack MXT (MTC 400/500 series) binary protocol over TCP (Traccar port 5087). */
export const mxtCodec: StreamCodec = {
  protocol: MXT_PROTOCOL,
  ...mxtFraming,
  decode: decodeMxt,
  checksumValid: mxtChecksumValid,
  commandTypes: MXT_COMMAND_TYPES,
  encodeCommand: encodeMxtCommand,
};

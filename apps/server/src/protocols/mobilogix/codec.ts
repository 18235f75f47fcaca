import type { StreamCodec } from '../codec.ts';
import { encodeMobilogixCommand, MOBILOGIX_COMMAND_TYPES } from './commands.ts';
import { decodeMobilogix, MOBILOGIX_PROTOCOL } from './decoder.ts';
import { mobilogixFrameLength, mobilogixFrameStart } from './frame.ts';

/** Mobilogix trackers over TCP (Traccar port 5216): `[…]` text messages, each naming the device by its serial. */
export const mobilogixCodec: StreamCodec = {
  protocol: MOBILOGIX_PROTOCOL,
  frameLength: mobilogixFrameLength,
  frameStart: mobilogixFrameStart,
  decode: decodeMobilogix,
  commandTypes: MOBILOGIX_COMMAND_TYPES,
  encodeCommand: encodeMobilogixCommand,
};

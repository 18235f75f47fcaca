import type { StreamCodec } from '../codec.ts';
import { encodeJt808Command, JT808_COMMAND_TYPES } from './commands.ts';
import { decodeJt808 } from './decoder.ts';
import { jt808ChecksumValid, jt808FrameLength, jt808FrameStart } from './frame.ts';
import { JT808_PROTOCOL } from './position.ts';

/**
 * JT/T 808 (2011/2013 and 2019 editions) over TCP, Traccar port 5015: SinoTrack, Jimi/Concox,
 * Howen and their many clones. Traccar serves it over TCP only. The device is identified by its
 * terminal id (the SIM's phone number in BCD) in every message.
 */
export const jt808Codec: StreamCodec = {
  protocol: JT808_PROTOCOL,
  frameLength: jt808FrameLength,
  frameStart: jt808FrameStart,
  decode: decodeJt808,
  checksumValid: jt808ChecksumValid,
  commandTypes: JT808_COMMAND_TYPES,
  encodeCommand: encodeJt808Command,
};

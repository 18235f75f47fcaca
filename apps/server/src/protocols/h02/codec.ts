import type { StreamCodec } from '../codec.ts';
import { encodeH02Command, H02_COMMAND_TYPES } from './commands.ts';
import { decodeH02 } from './decoder.ts';
import { h02DatagramLength, h02FrameLength, h02FrameStart } from './frame.ts';
import { H02_PROTOCOL } from './position.ts';

/** H02 (SinoTrack and compatible devices) over TCP (Traccar port 5013). */
export const h02Codec: StreamCodec = {
  protocol: H02_PROTOCOL,
  frameLength: h02FrameLength,
  frameStart: h02FrameStart,
  decode: decodeH02,
  commandTypes: H02_COMMAND_TYPES,
  encodeCommand: encodeH02Command,
};

/** H02 over UDP, on the same port: one message per datagram. */
export const h02UdpCodec: StreamCodec = { ...h02Codec, frameLength: h02DatagramLength };

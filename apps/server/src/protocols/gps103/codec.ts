import type { StreamCodec } from '../codec.ts';
import { encodeGps103Command, GPS103_COMMAND_TYPES } from './commands.ts';
import { decodeGps103 } from './decoder.ts';
import { gps103DatagramLength, gps103FrameLength, gps103FrameStart } from './frame.ts';
import { GPS103_PROTOCOL } from './position.ts';

/** Coban TK103/TK303/GPS103 and the many devices that copy them, over TCP (Traccar port 5001). */
export const gps103Codec: StreamCodec = {
  protocol: GPS103_PROTOCOL,
  frameLength: gps103FrameLength,
  frameStart: gps103FrameStart,
  decode: decodeGps103,
  commandTypes: GPS103_COMMAND_TYPES,
  encodeCommand: encodeGps103Command,
};

/** Over UDP, on the same port: one message per datagram. */
export const gps103UdpCodec: StreamCodec = { ...gps103Codec, frameLength: gps103DatagramLength };

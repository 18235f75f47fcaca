import type { StreamCodec } from '../codec.ts';
import { encodeTk103Command, TK103_COMMAND_TYPES } from './commands.ts';
import { decodeTk103 } from './decoder.ts';
import { tk103DatagramLength, tk103FrameLength, tk103FrameStart } from './frame.ts';
import { TK103_PROTOCOL } from './position.ts';

/** TK103 `(...)` protocol (Xexun/Coban TK102/TK103 and many clones) over TCP (Traccar port 5002). */
export const tk103Codec: StreamCodec = {
  protocol: TK103_PROTOCOL,
  frameLength: tk103FrameLength,
  frameStart: tk103FrameStart,
  decode: decodeTk103,
  commandTypes: TK103_COMMAND_TYPES,
  encodeCommand: encodeTk103Command,
};

/** Over UDP, on the same port: one message per datagram. */
export const tk103UdpCodec: StreamCodec = { ...tk103Codec, frameLength: tk103DatagramLength };

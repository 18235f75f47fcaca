import type { ProtocolName } from '../config/protocol-ports.ts';
import type { StreamCodec } from './codec.ts';
import { calampCodec } from './calamp/codec.ts';
import { castelCodec } from './castel/codec.ts';
import { continentalCodec } from './continental/codec.ts';
import { eelinkCodec, eelinkUdpCodec } from './eelink/codec.ts';
import { gl200Codec, gl200UdpCodec } from './gl200/codec.ts';
import { gps103Codec, gps103UdpCodec } from './gps103/codec.ts';
import { gt06Codec } from './gt06/codec.ts';
import { h02Codec, h02UdpCodec } from './h02/codec.ts';
import { jmakCodec } from './jmak/codec.ts';
import { jt600Codec } from './jt600/codec.ts';
import { jt808Codec } from './jt808/codec.ts';
import { meiligaoCodec, meiligaoUdpCodec } from './meiligao/codec.ts';
import { meitrackCodec, meitrackUdpCodec } from './meitrack/codec.ts';
import { mobilogixCodec } from './mobilogix/codec.ts';
import { mxtCodec } from './mxt/codec.ts';
import { pstCodec, pstUdpCodec } from './pst/codec.ts';
import { rstCodec } from './rst/codec.ts';
import { ruptelaCodec } from './ruptela/codec.ts';
import { suntechCodec } from './suntech/codec.ts';
import { t800xCodec } from './t800x/codec.ts';
import { teltonikaCodec } from './teltonika/tcp.ts';
import { teltonikaUdpCodec } from './teltonika/udp.ts';
import { tk103Codec, tk103UdpCodec } from './tk103/codec.ts';
import { watchCodec } from './watch/codec.ts';
import { xexunCodec } from './xexun/codec.ts';

/**
 * Every stream protocol's codecs by Traccar's protocol name, one stable interface for each
 * (frames in, positions and replies out, given a connection state and the device's settings):
 * the listeners, the conformance suite and any replay tool take them from here. A protocol is
 * served over the transports it has a codec for, on its port (config/protocol-ports.ts).
 */
export interface ProtocolCodecs {
  name: Exclude<ProtocolName, 'osmand'>;
  tcp?: StreamCodec;
  udp?: StreamCodec;
}

export const STREAM_CODECS: ProtocolCodecs[] = [
  // one line per protocol, by Traccar's name, in alphabetical order
  { name: 'calamp', udp: calampCodec },
  { name: 'castel', tcp: castelCodec, udp: castelCodec },
  { name: 'continental', tcp: continentalCodec },
  { name: 'eelink', tcp: eelinkCodec, udp: eelinkUdpCodec },
  { name: 'gl200', tcp: gl200Codec, udp: gl200UdpCodec },
  { name: 'gps103', tcp: gps103Codec, udp: gps103UdpCodec },
  { name: 'gt06', tcp: gt06Codec },
  { name: 'h02', tcp: h02Codec, udp: h02UdpCodec },
  { name: 'jmak', tcp: jmakCodec },
  { name: 'jt600', tcp: jt600Codec },
  { name: 'jt808', tcp: jt808Codec },
  { name: 'meiligao', tcp: meiligaoCodec, udp: meiligaoUdpCodec },
  { name: 'meitrack', tcp: meitrackCodec, udp: meitrackUdpCodec },
  { name: 'mobilogix', tcp: mobilogixCodec },
  { name: 'mxt', tcp: mxtCodec },
  { name: 'pst', tcp: pstCodec, udp: pstUdpCodec },
  { name: 'rst', udp: rstCodec },
  { name: 'ruptela', tcp: ruptelaCodec },
  { name: 'suntech', tcp: suntechCodec },
  { name: 't800x', tcp: t800xCodec, udp: t800xCodec },
  { name: 'teltonika', tcp: teltonikaCodec, udp: teltonikaUdpCodec },
  { name: 'tk103', tcp: tk103Codec, udp: tk103UdpCodec },
  { name: 'watch', tcp: watchCodec },
  { name: 'xexun', tcp: xexunCodec },
];

export function codecsOf(name: string): ProtocolCodecs | undefined {
  return STREAM_CODECS.find((entry) => entry.name === name);
}

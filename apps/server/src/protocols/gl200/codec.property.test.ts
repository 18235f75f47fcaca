import { describe, it } from 'vitest';
import { checkCodec, framesInARow, itKeepsCodecProperties, survives } from '../codec-properties.ts';
import { text } from '../testing/protocol-test.ts';
import { traccarFrames, traccarMessages } from '../testing/traccar-vectors.ts';
import { gl200Codec, gl200UdpCodec } from './codec.ts';

// Reports of each family as devices send them, text and binary: Traccar's test frames, by their line
// in Gl200Text/BinaryProtocolDecoderTest (vectors/traccar/gl200.json), and two of them cut shorter.
const gl200 = traccarMessages('gl200', 'Gl200TextProtocolDecoderTest.java');
const FRAMES = [
  gl200(471),
  // Line 139 with two of its six Wi-Fi networks.
  '+RESP:GTFRI,423037,866884047716519,GT501,0,1,1,5,12,0.1,0,46.8,-95.559173,30.109955,20231110185836,2,0e36c9916485,-50,,,,e831cd5eb79d,-73,,,,310,10,711D,81ECF0F,00,,93,20231110185839,0005$',
  ...[193, 297, 423, 456].map(gl200),
  // Line 378 without its last cell.
  '+RESP:GTGSM,400201,862365030034940,STR,0234,0030,0870,2469,19,,0234,0030,0870,35ee,18,,0234,0030,0870,16ac,12,,0234,0030,0870,16b2,11,,0234,0030,0870,360f,6,,0234,0030,0870,165d,6,,20170215220049,008D$',
  gl200(582),
  // Traccar's copies of the acknowledgements leave out their closing `$`.
  ...[588, 591].map((line) => `${gl200(line)}$`),
].map((frame) => text(frame));
const BINARY = [13, 31, 28, 34].map(traccarFrames('gl200', 'Gl200BinaryProtocolDecoderTest.java'));

const valid = framesInARow([...FRAMES, ...BINARY], 6);
const prefixes = ['+RESP:GTFRI,', '+BUFF:GTERI,', '+ACK:GTHBD,', '+RSP', '+EVT', '+INF', '+\0'].map((p) => Buffer.from(p, 'latin1'));

const tcp = checkCodec(gl200Codec, valid, { prefixes, runs: 200 });
const udp = checkCodec(gl200UdpCodec, valid, { prefixes });

describe('gl200 codec properties', () => {
  itKeepsCodecProperties(tcp, udp);
  it('a long report full of separators is decoded or refused, without a hang', () => {
    for (const type of ['FRI', 'ERI', 'CAN', 'OBD', 'DAR', 'BAA', 'GSM', 'WIF', 'SOS']) {
      for (const unit of [',', '0,', '1.0,', '-1.000000,', 'F,']) {
        survives(gl200Codec, Buffer.from(`+RESP:GT${type},060228,862894020180553,,${unit.repeat(4000 / unit.length)}$`, 'latin1'), true);
        survives(gl200UdpCodec, Buffer.from(`+RESP:GT${type},060228,862894020180553,,${unit.repeat(60_000 / unit.length)}`, 'latin1'), true);
      }
    }
  });
});

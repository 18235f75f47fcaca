import fc from 'fast-check';
import { describe, it } from 'vitest';
import { checkCodec, survives } from '../codec-properties.ts';
import { gl200Codec, gl200UdpCodec } from './codec.ts';

/** Reports of each family as devices send them (from Traccar's tests), text and binary. */
const FRAMES = [
  '+RESP:GTFRI,060228,862894020178276,,15153,10,1,1,0.0,0,431.7,-63.169571,-17.776235,20160210153458,0736,0003,6AD4,80EF,00,34.9,00117:31:26,13442,15163,0,210101,,,,20160210113503,38EE$',
  '+RESP:GTFRI,423037,866884047716519,GT501,0,1,1,5,12,0.1,0,46.8,-95.559173,30.109955,20231110185836,2,0e36c9916485,-50,,,,e831cd5eb79d,-73,,,,310,10,711D,81ECF0F,00,,93,20231110185839,0005$',
  '+RESP:GTERI,040A00,862894022579562,gv200,00000002,,10,1,1,96.1,180,749.7,39.222692,24.165463,20210225065756,0420,0004,759C,3360,00,15529.8,,,2789,,01,00,2,2,282BD47A0B000063,1,FFE2,281FDD5D0B000057,1,FFC8,20210225065800,6974$',
  '+RESP:GTCAN,310603,863286023346480,gv65,00,1,C03FFFFF,,2,H2843820,373.76,1440,44,77,M23,P35.00,1810,,59.48,42.68,16.80,15.42,,,610,,0,,,0,42.7,263,27.2,-2.156478,51.899989,20171021151805,0234,0010,15D6,9AD2,00,20171021151807,0B28$',
  '+RESP:GTINF,060100,135790246811220,,16,898600810906F8048812,16,0,1,12000,,4.4,0,0,0,0,20090214013254,0,1300,2000,00,00,+0800,0,20090214093254,11F0$',
  '+RESP:GTIGN,060228,862894020180553,,9860,0,0.2,189,420.0,-63.158195,-17.800608,20160309022951,0736,0003,6AD4,3471,00,,881.2,20160308222956,129A$',
  '+RESP:GTGSM,400201,862365030034940,STR,0234,0030,0870,2469,19,,0234,0030,0870,35ee,18,,0234,0030,0870,16ac,12,,0234,0030,0870,16b2,11,,0234,0030,0870,360f,6,,0234,0030,0870,165d,6,,20170215220049,008D$',
  '+RESP:GTSOS,020102,135790246811220,,0,0,1,1,4.3,92,70.0,121.354335,31.222073,20090214013254,0460,0000,18d8,6141,00,,20090214093254,11F0$',
  '+ACK:GTHBD,1A0401,135790246811220,,20100214093254,11F0$',
  '+ACK:GTRTO,1A0800,860599000773978,GL300,VER,FFFF,20161006053520,0C19$',
].map((frame) => Buffer.from(frame, 'latin1'));
const BINARY = [
  '2b000038000865134050947226820300030000216a3ed6f101895000521629fa8b28f402ac1a8e6a3ed6f100001600000010f505010ff824',
  '2b4556540c00fc1fbf005c4501010108563254030003430564312a41090100000000003f007dff75a11a025c6a7807e1070a14041202680003189c1ac500000000000000000000000000000000000007e1070b041134054e5c6e0d0a',
  '2b494e4601fd7f0076676231303000000045010202090104020500004100054007e107150b061d0000003f010e02580000000000d0312a1013648935103226313921591f1200000000000302680003189c1ac3001b02680003189c1ac4000d02680003189c1ac5001207e107150b0d3704f658060d0a',
  '2b41434b017f244501010108676231303000000000ffff07e1070b03112d054dfe030d0a',
].map((hex) => Buffer.from(hex, 'hex'));

const frames = fc.array(fc.constantFrom(...FRAMES, ...BINARY), { minLength: 1, maxLength: 6 });
const valid = frames.map((list) => ({ stream: Buffer.concat(list), frames: list }));
const prefixes = ['+RESP:GTFRI,', '+BUFF:GTERI,', '+ACK:GTHBD,', '+RSP', '+EVT', '+INF', '+\0'].map((p) => Buffer.from(p, 'latin1'));

const tcp = checkCodec(gl200Codec, valid, { prefixes, runs: 200 });
const udp = checkCodec(gl200UdpCodec, valid, { prefixes });

describe('gl200 codec properties', () => {
  it('TCP: random bytes give frames or a ProtocolError, never a crash', tcp.random);
  it('TCP: mutated valid streams give frames or a ProtocolError, never a crash', tcp.mutations);
  it('TCP: any chunking of a valid stream gives the same frames and positions as the whole', tcp.chunking);
  it('UDP: random bytes and mutated datagrams give a result or a ProtocolError, never a crash', () => {
    udp.random();
    udp.mutations();
  });
  it('a long report full of separators is decoded or refused, without a hang', () => {
    for (const type of ['FRI', 'ERI', 'CAN', 'OBD', 'DAR', 'BAA', 'GSM', 'WIF', 'SOS']) {
      for (const unit of [',', '0,', '1.0,', '-1.000000,', 'F,']) {
        survives(gl200Codec, Buffer.from(`+RESP:GT${type},060228,862894020180553,,${unit.repeat(4000 / unit.length)}$`, 'latin1'), true);
        survives(gl200UdpCodec, Buffer.from(`+RESP:GT${type},060228,862894020180553,,${unit.repeat(60_000 / unit.length)}`, 'latin1'), true);
      }
    }
  });
});

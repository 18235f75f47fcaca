import { describe, it } from 'vitest';
import { checkCodec, framesInARow, itKeepsCodecProperties, survives } from '../codec-properties.ts';
import { jt600Codec } from './codec.ts';

/** Traccar's test frames of every kind: short and long binary reports of each version, text reports, an escaped sensor report. */
const FRAMES = [
  '24311021600111001B16021105591022329862114046227B0598095080012327951435161F',
  '2475201509261611002313101503464722331560113555309F00000000002D0500CB206800F064109326381A03',
  '2480413009781914003406102107544354193631006213423b00000000006c070000000020e064f91ea0671d00020f0f0f0f0f0f0f0f0f0f07f100ea0f6e',
  '24624090196121001b19071703493631277203074235752f295800005308010000768b0822',
  '24657060730131001b13111710361906538525079524797f000000000000000003f300036c',
  '28383035343230313937332c312c3136382c574c4e45542c352c322c3d15022508595325169288057327940900003d1502250859551021220618730140644701011d4300000029',
  Buffer.from('(3301210003,U01,040812,185302,T,22.564025,N,113.242329,E,5.21,152,9,32%,00000000000011,10133,5173,22,100,1)').toString('hex'),
  Buffer.from('(3110312099,W01,11404.6204,E,2232.9961,N,A,040511,063736,4,7,100,4,17,1,1,company)').toString('hex'),
  Buffer.from('(2050018634,P45,051124,204046,9.861502,N,83.950336,W,A,1,0,1,1,0012260888,0,0,0)').toString('hex'),
  Buffer.from('(3460311327,@JT)').toString('hex'),
].map((hex) => Buffer.from(hex, 'hex'));

const valid = framesInARow(FRAMES, 6);
const properties = checkCodec(jt600Codec, valid, { prefixes: [Buffer.from('$'), Buffer.from('(')], runs: 200 });

describe('JT600 codec properties', () => {
  itKeepsCodecProperties(properties);
  it('a long text report full of separators is decoded or refused, without a hang', () => {
    for (const unit of [',', '0,', 'U01,', 'W01,', 'P45,1,', '=']) survives(jt600Codec, Buffer.from(`(1234567890,${unit.repeat(1000)})`), true);
  });
});

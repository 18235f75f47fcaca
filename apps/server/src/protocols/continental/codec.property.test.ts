import fc from 'fast-check';
import { checkCodec, describeCodecProperties, framesInARow } from '../codec-properties.ts';
import { continentalCodec } from './codec.ts';

const FRAMES = [
  '5356003216001eb48505025b4001e90f7f18ce0f00522200400001015b4001e9000e820100000c24000100014e0400736a7a',
  '5356002a0d0010a12403025a9ea47f00feb48400fd6e63000c0000015a9ea480000e000100000c000000',
  '5356000b0d0010a1240300',
];

/** Valid frames, and `SV` frames of any body (type 2 most often, so status bodies of any bytes get decoded). */
const frame = fc.oneof(
  fc.constantFrom(...FRAMES).map((hex) => Buffer.from(hex, 'hex')),
  fc.tuple(fc.uint8Array({ minLength: 6, maxLength: 6 }), fc.constantFrom(0, 2, 2, 6), fc.uint8Array({ maxLength: 60 })).map(([head, type, body]) => {
    const length = 4 + head.length + 1 + body.length;
    return Buffer.concat([Buffer.from([0x53, 0x56, length >> 8, length & 0xff]), Buffer.from(head), Buffer.from([type]), Buffer.from(body)]);
  }),
);

const valid = framesInARow(frame, 6);

const properties = checkCodec(continentalCodec, valid, { prefixes: [Buffer.from('5356', 'hex'), Buffer.from('5356002a', 'hex')] });

describeCodecProperties('Continental', properties);

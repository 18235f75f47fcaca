import fc from 'fast-check';
import { checkCodec, describeCodecProperties, framesInARow } from '../codec-properties.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';
import { continentalCodec } from './codec.ts';

// Traccar's extended and basic reports, by their line in ContinentalProtocolDecoderTest
// (vectors/traccar/continental.json), and a keep-alive.
const FRAMES = [...[13, 21].map(traccarFrames('continental')), Buffer.from('5356000b0d0010a1240300', 'hex')];

/** Valid frames, and `SV` frames of any body (type 2 most often, so status bodies of any bytes get decoded). */
const frame = fc.oneof(
  fc.constantFrom(...FRAMES),
  fc.tuple(fc.uint8Array({ minLength: 6, maxLength: 6 }), fc.constantFrom(0, 2, 2, 6), fc.uint8Array({ maxLength: 60 })).map(([head, type, body]) => {
    const length = 4 + head.length + 1 + body.length;
    return Buffer.concat([Buffer.from([0x53, 0x56, length >> 8, length & 0xff]), Buffer.from(head), Buffer.from([type]), Buffer.from(body)]);
  }),
);

const valid = framesInARow(frame, 6);

const properties = checkCodec(continentalCodec, valid, { prefixes: [Buffer.from('5356', 'hex'), Buffer.from('5356002a', 'hex')] });

describeCodecProperties('Continental', properties);

import fc from 'fast-check';
import { describe, it } from 'vitest';
import { checkCodec, framesInARow, itKeepsCodecProperties, mutated, noise, survives } from '../codec-properties.ts';
import { binary } from '../testing/protocol-test.ts';
import { pstCodec, pstUdpCodec } from './codec.ts';
import { frame, withCrc } from './frame.ts';

/** Status reports with any header, status byte and fields (tag, value of its own length), GPS included or not. */
const field = fc.tuple(fc.nat({ max: 0xff }), fc.uint8Array({ maxLength: 24 })).map(([tag, value]) => Buffer.concat([Buffer.from([tag, value.length]), value]));
const message = fc
  .record({ header: fc.uint8Array({ minLength: 9, maxLength: 9 }), type: fc.constantFrom(0x02, 0x05), time: fc.nat({ max: 0xffffffff }), status: fc.nat({ max: 0xff }), fields: fc.array(field, { maxLength: 4 }), gps: fc.option(fc.uint8Array({ minLength: 20, maxLength: 20 })) })
  .map(({ header, type, time, status, fields, gps }) => {
    const all = gps ? [...fields, Buffer.concat([binary('1014'), gps])] : fields;
    const head = Buffer.alloc(6);
    head.writeUInt32BE(time);
    head[4] = status;
    head[5] = all.length;
    return withCrc(Buffer.concat([header, Buffer.from([type]), head, ...all]));
  });
const stream = framesInARow(message.map(frame), 4);

const properties = checkCodec(pstCodec, stream, { prefixes: [binary('28'), binary('2828')], runs: 200 });

describe('PST codec properties', () => {
  itKeepsCodecProperties(properties);
  it('random and mutated datagrams give a ProtocolError at worst', () => {
    fc.assert(fc.property(fc.oneof(noise(), mutated(message)), fc.boolean(), (datagram, identified) => survives(pstUdpCodec, datagram, identified)), { numRuns: 600 });
  });
});

import fc from 'fast-check';
import { checkCodec, describeCodecProperties, framesInARow } from '../codec-properties.ts';
import { binary } from '../testing/protocol-test.ts';
import { ruptelaCodec } from './codec.ts';
import { deviceFrame, RECORD } from './test-frames.ts';

const imei = fc.stringMatching(/^[1-9]\d{14}$/);
const hexBytes = (max: number) => fc.uint8Array({ maxLength: max }).map((bytes) => Buffer.from(bytes).toString('hex'));
/** Extended records with any fix and IO values of every width. */
const record = fc
  .record({ time: fc.nat({ max: 0xffffffff }), extension: fc.nat({ max: 0xff }), fix: hexBytes(16), event: fc.nat({ max: 0xffff }), ids: fc.array(fc.nat({ max: 0xffff }), { maxLength: 4 }) })
  .map(({ time, extension, fix, event, ids }) => {
    const head = Buffer.alloc(9);
    head.writeUInt32BE(time);
    head[5] = extension;
    head.writeUInt16BE(event, 7);
    const io = [1, 2, 4, 8].map((width) => Buffer.concat([Buffer.from([ids.length]), ...ids.map((id) => Buffer.concat([Buffer.from([id >> 8, id & 0xff]), Buffer.alloc(width, 0x41)]))]));
    return Buffer.concat([head.subarray(0, 7), Buffer.from(fix.padEnd(32, '0'), 'hex'), head.subarray(7), ...io]).toString('hex');
  });
const frame = fc.oneof(
  fc.tuple(imei, fc.array(record, { minLength: 1, maxLength: 3 })).map(([id, records]) => deviceFrame(id, 68, `00${records.length.toString(16).padStart(2, '0')}${records.join('')}`)),
  fc.tuple(imei, fc.constantFrom(3, 7, 15, 16, 17, 37), hexBytes(20)).map(([id, command, content]) => deviceFrame(id, command, content)),
  fc.constant(binary(RECORD)),
);
const stream = framesInARow(frame, 4);

const properties = checkCodec(ruptelaCodec, stream, { prefixes: [binary('00500003'), binary('01a40003')], runs: 200 });

describeCodecProperties('Ruptela', properties);

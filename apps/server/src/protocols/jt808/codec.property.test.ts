import fc from 'fast-check';
import { checkCodec, describeCodecProperties, framesInARow } from '../codec-properties.ts';
import { jt808Codec } from './codec.ts';
import { ALTERNATIVE_DELIMITER, DELIMITER } from './frame.ts';
import { ITEMS } from './items.ts';
import { formatMessage, type Terminal } from './message.ts';

const bytes = (min: number, max: number) => fc.uint8Array({ minLength: min, maxLength: max }).map((b) => Buffer.from(b));

const terminal: fc.Arbitrary<Terminal> = fc.oneof(
  bytes(6, 6).map((id) => ({ delimiter: DELIMITER, version: null, id })),
  fc.tuple(fc.integer({ min: 0, max: 255 }), bytes(10, 10)).map(([version, id]) => ({ delimiter: DELIMITER, version, id })),
  bytes(7, 7).map((id) => ({ delimiter: ALTERNATIVE_DELIMITER, version: null, id })),
);

/** Additional items of known ids (and any other), with arbitrary contents. */
const item = fc
  .tuple(fc.oneof(fc.constantFrom(...ITEMS.keys(), 0x80), fc.integer({ min: 0, max: 255 })), bytes(0, 40))
  .map(([type, value]) => Buffer.concat([Buffer.from([type, value.length]), value]));
const location = fc.tuple(bytes(28, 28), fc.array(item, { maxLength: 6 })).map(([basic, items]) => Buffer.concat([basic, ...items]));
const batch = fc.array(location, { minLength: 1, maxLength: 4 }).map((reports) =>
  Buffer.concat([Buffer.from([0, reports.length, 1]), ...reports.map((report) => Buffer.concat([Buffer.from([report.length >> 8, report.length & 0xff]), report]))]),
);

/** Bodies for the decoded types, and any type with any body. */
const message = fc.oneof(
  location.map((body) => [0x0200, body] as const),
  batch.map((body) => [0x0704, body] as const),
  fc.tuple(fc.constantFrom(0x0100, 0x0102, 0x0002, 0x0107, 0x0109, 0x0210, 0x0701, 0x0702, 0x0800, 0x0801, 0x0900, 0x1300, 0x2070, 0x6006), bytes(0, 80)),
  fc.tuple(fc.constantFrom(0x40, 0x41, 0xf0, 0xff, 0xf3, 0x53, 0x54), bytes(0, 80)).map(([kind, rest]) => [0x0900, Buffer.concat([Buffer.from([kind]), rest])] as const),
  fc.tuple(fc.integer({ min: 0, max: 0xffff }), bytes(0, 60)),
);

const frame = fc.tuple(terminal, message).map(([t, [type, body]]) => formatMessage(t, type, body.subarray(0, 0x3ff)));

const valid = framesInARow(frame, 6);

const properties = checkCodec(jt808Codec, valid, { prefixes: [Buffer.from([DELIMITER]), Buffer.from([ALTERNATIVE_DELIMITER]), Buffer.from('(')] });

describeCodecProperties('JT808', properties);

import fc from 'fast-check';
import { checkCodec, describeCodecProperties, framesInARow } from '../codec-properties.ts';
import { binary } from '../testing/protocol-test.ts';
import { mxtCodec } from './codec.ts';
import { crc16Xmodem } from '../kit/crc.ts';
import { escapeFrame } from './frame.ts';

/** Position messages with any serial, flags and groups (group bodies zero-filled). */
const position = fc
  .record({ serial: fc.nat({ max: 0xffffffff }), groups: fc.nat({ max: 0xff }), time: fc.nat({ max: 0xffffffff }), flags: fc.nat({ max: 0xffffffff }) })
  .map(({ serial, groups, time, flags }) => {
    const body = Buffer.alloc(2 + 2 + 4 + 4 + 4 + 4 + 2 + 64);
    body[0] = 8;
    body[1] = groups;
    body.writeUInt32LE(time, 4);
    body.writeUInt32LE(flags, 16);
    const head = Buffer.from([0xa6, 0x31, 0, 0, 0, 0]);
    head.writeUInt32LE(serial, 2);
    const message = Buffer.concat([head, body, Buffer.alloc(2)]);
    message.writeUInt16LE(crc16Xmodem(message.subarray(0, -2)), message.length - 2);
    return escapeFrame(message);
  });
const stream = framesInARow(position, 4);

const properties = checkCodec(mxtCodec, stream, { prefixes: [binary('01a631')], runs: 200 });

describeCodecProperties('MXT', properties);

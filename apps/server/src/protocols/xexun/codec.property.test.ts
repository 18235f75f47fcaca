import fc from 'fast-check';
import { describe, it } from 'vitest';
import { checkCodec, framesInARow, itKeepsCodecProperties, survives } from '../codec-properties.ts';
import { xexunCodec } from './codec.ts';
import { traccarMessages } from '../testing/traccar-vectors.ts';

/**
 * Messages of Traccar's XexunProtocolDecoderTest by line (vectors/traccar/xexun.json): whole lines as
 * firmware sends them (with the `\n\r` the test leaves out), and bare RMC cores without a line break.
 */
const xexun = traccarMessages('xexun');
const LINES = [78, 63, 112].map((line) => `${xexun(line)}\n\r`);
const CORES = [25, 22].map(xexun);

const valid = framesInARow(fc.constantFrom(...LINES, ...CORES).map((m) => Buffer.from(m, 'latin1')), 6);

/**
 * A line is framed whole only once its line break has come: a read that ends between the IMEI and
 * the line break ends the frame at the IMEI (the device may send no line breaks at all).
 */
function cutsOutsideTails(frames: Buffer[], offsets: number[]): number[] {
  const allowed: number[] = [];
  let start = 0;
  for (const frame of frames) {
    const tail = LINES.includes(frame.toString('latin1')) ? frame.indexOf(',', frame.indexOf('imei:')) + 1 : frame.length;
    for (let i = 1; i < tail; i++) allowed.push(start + i);
    allowed.push(start + frame.length);
    start += frame.length;
  }
  return offsets.map((o) => allowed[o % allowed.length]);
}

const properties = checkCodec(xexunCodec, valid, { prefixes: [Buffer.from('GPRMC,'), Buffer.from('1,,GNRMC,')], cuts: cutsOutsideTails, runs: 200 });

describe('Xexun codec properties', () => {
  itKeepsCodecProperties(properties);
  it('long messages full of separators are decoded or refused, without a hang', () => {
    for (const unit of [',', '1,', '1.1,', 'GPRMC,', 'imei:1,', '*00']) {
      survives(xexunCodec, Buffer.from(`1,,GPRMC,${unit.repeat(300)}imei:1,${unit.repeat(100)}\n\r`), true);
    }
  });
});

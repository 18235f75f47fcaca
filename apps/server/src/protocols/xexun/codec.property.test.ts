import fc from 'fast-check';
import { describe, it } from 'vitest';
import { checkCodec, framesInARow, itKeepsCodecProperties, survives } from '../codec-properties.ts';
import { xexunCodec } from './codec.ts';

/** Whole lines as firmware sends them (`\n\r` after each), and bare RMC cores without a line break. */
const LINES = [
  '130302125349,+79604870506,GPRMC,085349.000,A,4503.2392,N,03858.5660,E,6.95,154.65,020313,,,A*6C,F,, imei:012207007744243,03,-1.5,F:4.15V,1,139,28048,250,01,278A,5072\n\r',
  '171007160505,,GPRMC,160505.000,A,5323.4680,N,00252.4202,W,000.0,129.7,071017,,,A*7A,F,ACCStart, imei:864504031916915,10,41.1,F:4.28V,1,135,19824,234,15,0062,B7D5\n\r',
  '150224173341,+66961544651,GPRMC,093341.000,A,1344.5716,N,10033.6648,E,0.00,0.00,240215,,,A*68,F,,imei:865328028306149,05,106.4,F:4.01V/ADC1=0.20V/ADC2=0.00V,0,159,955,520,01,5DE8,0399,6.21km\n\r',
];
const CORES = [
  'GPRMC,150120.000,A,3346.4463,S,15057.3083,E,0.0,117.4,010911,,,A*76,F,imei:351525010943661,',
  'GPRMC,121535.000,A,5417.2666,N,04822.1264,E,1.452,30.42,031014,0.0,A*4D\r\n,L,imei:355227042011730,',
];

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

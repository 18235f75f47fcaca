import fc from 'fast-check';
import { checkCodec, describeCodecProperties, framesInARow } from '../codec-properties.ts';
import { meitrackCodec } from './codec.ts';
import { AAA, deviceFrame, IMEI } from './test-frames.ts';

const report = fc
  .record({
    event: fc.integer({ min: 0, max: 200 }),
    lat: fc.integer({ min: -90_000_000, max: 90_000_000 }),
    lon: fc.integer({ min: -180_000_000, max: 180_000_000 }),
    kph: fc.integer({ min: 0, max: 300 }),
  })
  .map(({ event, lat, lon, kph }) =>
    deviceFrame('A', IMEI, `AAA,${event},${(lat / 1e6).toFixed(6)},${(lon / 1e6).toFixed(6)},240101120000,A,7,22,${kph},90,1.0,5,100,200,460|1|2695|0F09,0000,0|0|0|0188|0473,,,1,0000`),
  );
const ccc = fc.integer({ min: 0, max: 4 }).map((count) => deviceFrame('B', IMEI, Buffer.concat([Buffer.from('CCC,'), Buffer.from('0201340000000000', 'hex'), Buffer.alloc(52 * count, 1)])));
const frame = fc.oneof(report, ccc, fc.constant(AAA), fc.constant(deviceFrame('z', IMEI, 'AAC,1')));
const stream = framesInARow(frame, 5);

const properties = checkCodec(meitrackCodec, stream, { prefixes: [Buffer.from('$$A'), Buffer.from(`$$A30,${IMEI},CCE,`)], runs: 200 });

describeCodecProperties('Meitrack', properties);

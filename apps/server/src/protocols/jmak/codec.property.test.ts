import fc from 'fast-check';
import { checkCodec, describeCodecProperties, framesInARow } from '../codec-properties.ts';
import { text } from '../testing/protocol-test.ts';
import { jmakCodec } from './codec.ts';

/** Reports with any count, coordinates, speed and event values, CAN group or not; notices and JSON. */
const report = fc
  .record({
    count: fc.nat({ max: 99999 }),
    latitude: fc.double({ min: -90, max: 90, noNaN: true }),
    longitude: fc.double({ min: -180, max: 180, noNaN: true }),
    speed: fc.nat({ max: 300 }),
    event: fc.nat({ max: 200 }),
    can: fc.boolean(),
  })
  .map(({ count, latitude, longitude, speed, event, can }) => {
    const values = ['000000041FFFFFFF', 'SN', '868695060715016', count, 'NULL', 1750689718530, latitude.toFixed(5), longitude.toFixed(5), '825.60', 'B', speed, 16, 31, '0.87', '0.00', 1, 0, '52.45', '4.74', event, 4, 'NAME', 11750, 3863, 'TIMB', 4, 1750689718543, 1, 9, 0, '0.00'];
    return text(`~${values.join(';')}${can ? '|000000000000405C;0.00;0.00;0;0;0' : ''}$`);
  });
const other = fc.constantFrom(text('^1;868695060715016;HELLO$'), text('{"imei":"868695060715016","data":{"a":1}}'));
const frame = fc.oneof(report, other);
const stream = framesInARow(frame, 4);

const properties = checkCodec(jmakCodec, stream, { prefixes: [text('~'), text('~1F;1;2;'), text('{')], runs: 200 });

describeCodecProperties('JMAK', properties);

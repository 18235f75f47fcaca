import { checkCodec, describeCodecProperties, framesInARow } from '../codec-properties.ts';
import { binary } from '../testing/protocol-test.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';
import { t800xCodec } from './codec.ts';

/** One message of each kind, from Traccar's decoder test, by their line in it (vectors/traccar/t800x.json). */
const valid = framesInARow([71, 99, 81, 93, 113, 54, 27, 17, 64, 39, 51].map(traccarFrames('t800x')), 8);
const properties = checkCodec(t800xCodec, valid, { prefixes: [binary('2525'), binary('2727'), binary('2626'), binary('2323')] });

describeCodecProperties('t800x', properties);

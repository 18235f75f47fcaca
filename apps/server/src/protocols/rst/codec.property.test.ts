import { checkCodec, describeCodecProperties, framesInARow } from '../codec-properties.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';
import { rstCodec } from './codec.ts';

// Traccar's test messages, by their line in RstProtocolDecoderTest (vectors/traccar/rst.json): a login
// report, a command result, a driver key and a trip report.
const valid = framesInARow([14, 17, 21, 25].map(traccarFrames('rst')), 4);

const properties = checkCodec(rstCodec, valid, { prefixes: [Buffer.from('RST;A;M;V;009521405;1;'), Buffer.from('RST;')] });

describeCodecProperties('RST', properties);

import { checkCodec, describeCodecProperties, framesInARow } from '../codec-properties.ts';
import { text } from '../testing/protocol-test.ts';
import { traccarMessages } from '../testing/traccar-vectors.ts';
import { mobilogixCodec } from './codec.ts';

// Traccar's test messages, by their line in MobilogixProtocolDecoderTest (vectors/traccar/mobilogix.json):
// a login, a heartbeat after a line break, a report and one with a newer firmware's fields. Traccar's
// frame decoder strips the `]` that ends each on the wire; the stream needs it back.
const mobilogix = traccarMessages('mobilogix');
const valid = framesInARow([20, 17, 26, 63].map((line) => text(mobilogix(line), ']')), 6);

const properties = checkCodec(mobilogixCodec, valid, { prefixes: [Buffer.from('[2021-08-20 19:27:14,T'), Buffer.from('\r\n[')] });

describeCodecProperties('Mobilogix', properties);

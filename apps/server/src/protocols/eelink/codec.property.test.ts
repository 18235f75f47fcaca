import fc from 'fast-check';
import { describe, it } from 'vitest';
import { checkCodec, framesInARow, itKeepsCodecProperties, survives } from '../codec-properties.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';
import { eelinkCodec, eelinkUdpCodec } from './codec.ts';

// Traccar's test packages, by their line in EelinkProtocolDecoderTest (vectors/traccar/eelink.json): login,
// first-generation GPS/alarm/state, normal, warning, heartbeat, OBD, command answer; and two UDP envelopes.
const eelink = traccarFrames('eelink');
const PACKAGES = [57, 69, 102, 72, 41, 60, 96, 75, 30, 48].map(eelink);
const ENVELOPES = [24, 54].map(eelink);

const tcp = framesInARow(PACKAGES, 6);
const udp = fc.constantFrom(...ENVELOPES).map((frame) => ({ stream: frame, frames: [frame] }));
const overTcp = checkCodec(eelinkCodec, tcp, { prefixes: [Buffer.from('gg')], runs: 200 });
const overUdp = checkCodec(eelinkUdpCodec, udp, { prefixes: [Buffer.from('EL'), Buffer.from('gg')], runs: 200 });

describe('Eelink codec properties', () => {
  itKeepsCodecProperties(overTcp, overUdp);
  it('a long command answer is a result, decoded without a hang', () => {
    const text = Buffer.from(`Lat:N1.1${'Lon:E1.1Course:1.1Speed:1.1Date Time:2017-12-02 11:29:43x'.repeat(1000)}`);
    const head = Buffer.from('6767800000000001000000000', 'hex');
    head.writeUInt16BE(text.length + 7, 3);
    survives(eelinkCodec, Buffer.concat([head, text]), true);
  });
});

import { describe, it } from 'vitest';
import { checkCodec, framesInARow, itKeepsCodecProperties, survives } from '../codec-properties.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';
import { jt600Codec } from './codec.ts';

// Frames by their line in Traccar's Jt600ProtocolDecoderTest (vectors/traccar/jt600.json).
const jt600 = traccarFrames('jt600');
/** The sensor report of line 14 as sent: its binary part escapes '(' as `=` 0x15 (Traccar's test holds it unescaped). */
const escapedSensorReport = Buffer.from('(' + jt600(14).toString('latin1').slice(1).replaceAll('(', '=\x15'), 'latin1');
/** Traccar's test frames of every kind: short and long binary reports of each version, text reports, an escaped sensor report. */
const FRAMES = [...[105, 36, 30, 60, 57].map(jt600), escapedSensorReport, ...[75, 118, 21, 96].map(jt600)];

const valid = framesInARow(FRAMES, 6);
const properties = checkCodec(jt600Codec, valid, { prefixes: [Buffer.from('$'), Buffer.from('(')], runs: 200 });

describe('JT600 codec properties', () => {
  itKeepsCodecProperties(properties);
  it('a long text report full of separators is decoded or refused, without a hang', () => {
    for (const unit of [',', '0,', 'U01,', 'W01,', 'P45,1,', '=']) survives(jt600Codec, Buffer.from(`(1234567890,${unit.repeat(1000)})`), true);
  });
});

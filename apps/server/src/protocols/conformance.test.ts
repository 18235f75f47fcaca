import { describe, expect, it } from 'vitest';
import { STREAM_CODECS } from './codecs.ts';
import { ratioOf, replay, type Outcome } from './kit/conformance.ts';
import { traccarVectors } from './testing/traccar-vectors.ts';

/**
 * Conformance against Traccar's decoder tests: every committed vector of every protocol replayed
 * through our codec (kit/conformance.ts). Prints each protocol's pass ratio; a protocol fails below
 * 95%, or, while it is still being completed, below the floor it has reached (a ratchet: raise it
 * when the ratio goes up, never lower it). RASTRO_CONFORMANCE=<protocol> lists that protocol's failures.
 */
const TARGET = 0.95;
const FLOORS: Record<string, number> = {
  // none today: every protocol is at 95% or more
};

function describeFailure({ vector, failure }: Outcome): string {
  const frame = vector.hex ?? JSON.stringify(vector.text);
  return `  ${vector.file}:${vector.line} ${vector.check}${vector.key ? ` ${vector.key}` : ''}: ${failure}\n    ${frame.slice(0, 160)}`;
}

describe('Traccar decoder-test conformance', () => {
  const ratios = STREAM_CODECS.map((entry) => {
    const file = traccarVectors(entry.name);
    const outcomes = replay(entry, file.vectors);
    return { ...ratioOf(entry.name, outcomes), outcomes };
  });

  it('prints every protocol’s ratio', () => {
    const lines = ratios.map(({ protocol, passed, total, badChecksum, unframed }) => {
      const notes = [
        badChecksum ? `${badChecksum} with a bad checksum: stored only with RASTRO_ACCEPT_BAD_CRC` : '',
        unframed ? `${unframed} only decoded whole, past the frame splitter, as Traccar's test does` : '',
      ].filter(Boolean);
      return `${protocol.padEnd(12)} ${String(passed).padStart(4)}/${String(total).padEnd(4)} ${((100 * passed) / total).toFixed(1).padStart(5)}%${notes.length ? `  (${notes.join('; ')})` : ''}`;
    });
    const passed = ratios.reduce((sum, r) => sum + r.passed, 0);
    const total = ratios.reduce((sum, r) => sum + r.total, 0);
    console.log(`Traccar decoder-test vectors decoded as Traccar's tests assert:\n${lines.join('\n')}\n${'all'.padEnd(12)} ${passed}/${total}`);
    const detail = process.env.RASTRO_CONFORMANCE;
    for (const { protocol, outcomes } of ratios) {
      if (detail === protocol || detail === 'all') console.log(`${protocol} failures:\n${outcomes.filter((o) => o.failure).map(describeFailure).join('\n')}`);
    }
    expect(total).toBeGreaterThan(0);
  });

  for (const entry of STREAM_CODECS) {
    it(`${entry.name} reaches ${FLOORS[entry.name] === undefined ? '95%' : `its floor (target 95%)`}`, () => {
      const ratio = ratios.find((r) => r.protocol === entry.name)!;
      expect(ratio.total).toBeGreaterThan(0);
      expect(ratio.passed / ratio.total).toBeGreaterThanOrEqual(FLOORS[entry.name] ?? TARGET);
    });
  }
});

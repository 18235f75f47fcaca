import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distance } from './distance.ts';
import { filter } from './filter.ts';
import { outdated } from './outdated.ts';
import { deviceContext, workingAt } from './testing/positions.ts';
import type { StoredPosition, WorkingPosition } from '../position/types.ts';
import type { PositionHandler } from './types.ts';

/** The steps of the processor's order that touch coordinates and distances, in that order. */
const STEPS: PositionHandler[] = [outdated, distance, filter];

/** A few places, so that sequences often repeat coordinates exactly. */
const PLACES: [number, number][] = [[-23.55, -46.63], [-23.5501, -46.6302], [-22.9, -43.2], [0, 0], [89.9, 179.9], [-89.9, -179.9]];
const place = fc.oneof(
  fc.constantFrom(...PLACES),
  fc.tuple(fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true })),
);
const message = fc.record({
  at: place,
  seconds: fc.integer({ min: 0, max: 100_000 }),
  valid: fc.boolean(),
  outdated: fc.boolean(),
  /** Some devices report the distance (Teltonika, OsmAnd's Traccar Client); never negative. */
  reported: fc.option(fc.double({ min: 0, max: 50_000, noNaN: true }), { freq: 4 }),
});
type Message = typeof message extends fc.Arbitrary<infer T> ? T : never;

const toPosition = (m: Message): WorkingPosition =>
  workingAt(m.seconds, {
    latitude: m.at[0], longitude: m.at[1], valid: m.valid, outdated: m.outdated, serverTime: 200_000_000,
    attributes: m.reported === null ? {} : { distance: m.reported },
  });

/** Runs messages through the steps as the processor does: a dropped position does not become the last one. */
function run(messages: Message[], settings: Record<string, unknown> = {}): { input: WorkingPosition; last: StoredPosition | null; output: WorkingPosition | null }[] {
  const context = deviceContext(settings);
  let last: StoredPosition | null = null;
  let id = 1;
  return messages.map((m) => {
    const input = toPosition(m);
    const before = last;
    let position: WorkingPosition | null = input;
    for (const step of STEPS) {
      position = step(position, last, context);
      if (!position) break;
    }
    if (position) last = { ...position, id: id++ };
    return { input, last: before, output: position };
  });
}

const total = (p: { attributes: Record<string, unknown> } | null) => (typeof p?.attributes.totalDistance === 'number' ? p.attributes.totalDistance : 0);
const SETTINGS = fc.constantFrom<Record<string, unknown>>({}, { 'filter.invalid': true }, { 'filter.duplicate': false, 'filter.distance': 100 }, { 'filter.maxSpeed': 100 });

describe('totalDistance (property)', () => {
  it('never decreases along any sequence of positions, outdated and invalid ones mixed in, and grows by the distance', () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 30 }), SETTINGS, (messages, settings) => {
        for (const { last, output } of run(messages, settings)) {
          if (!output) continue;
          const step = output.attributes.distance as number;
          expect(step).toBeGreaterThanOrEqual(0);
          expect(total(output)).toBeGreaterThanOrEqual(total(last));
          expect(Math.abs(total(output) - total(last) - step)).toBeLessThanOrEqual(0.01 + 1e-9);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('stays equal when the coordinates repeat and the device reports no distance', () => {
    fc.assert(
      fc.property(place, fc.array(fc.tuple(fc.integer({ min: 0, max: 100_000 }), fc.boolean(), fc.boolean()), { minLength: 2, maxLength: 20 }), fc.double({ min: 0, max: 1e7, noNaN: true }), (at, rest, start) => {
        const context = deviceContext();
        let last: StoredPosition = { ...workingAt(0, { latitude: at[0], longitude: at[1], attributes: { totalDistance: Math.round(start * 100) / 100 } }), id: 1 };
        for (const [seconds, valid, isOutdated] of rest) {
          const output = outdated(workingAt(seconds, { latitude: at[0], longitude: at[1], valid, outdated: isOutdated }), last, context)!;
          const next = distance(output, last, context)!;
          expect(next.attributes.distance).toBe(0);
          expect(next.attributes.totalDistance).toBe(last.attributes.totalDistance);
          last = { ...next, id: last.id + 1 };
        }
      }),
      { numRuns: 200 },
    );
  });

  it('an outdated position adds only what the device reports', () => {
    fc.assert(
      fc.property(fc.array(message, { minLength: 1, maxLength: 20 }), (messages) => {
        for (const { input, last, output } of run(messages)) {
          if (!output || !input.outdated) continue;
          const reported = typeof input.attributes.distance === 'number' ? input.attributes.distance : 0;
          expect(Math.abs(total(output) - total(last) - reported)).toBeLessThanOrEqual(0.01 + 1e-9);
        }
      }),
      { numRuns: 200 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { outdated } from './outdated.ts';
import { deviceContext, storedAt, workingAt } from './testing/positions.ts';

const context = deviceContext();

describe('outdated handler (Traccar OutdatedHandler)', () => {
  it('passes a position with a fix through untouched', () => {
    const position = workingAt(60, { latitude: 1, longitude: 2 });
    expect(outdated(position, storedAt(0), context)).toBe(position);
  });

  it('gives a message without a fix the last known fix, keeping its own times and attributes', () => {
    const last = storedAt(0, { valid: false, latitude: -23.5, longitude: -46.6, altitude: 760, speed: 12, course: 90, accuracy: 8 });
    const position = workingAt(60, { outdated: true, deviceTime: 55_000, serverTime: 61_000, latitude: 0, longitude: 0, valid: true, attributes: { batteryLevel: 80 } });
    expect(outdated(position, last, context)).toEqual({
      ...position,
      fixTime: 0, valid: false, latitude: -23.5, longitude: -46.6, altitude: 760, speed: 12, course: 90, accuracy: 8,
    });
  });

  it('dates a message without a fix from a device never located at the GPS epoch, at 0,0 and invalid', () => {
    const position = workingAt(60, { outdated: true, latitude: 5, longitude: 6, speed: 3 });
    expect(outdated(position, null, context)).toEqual({ ...position, fixTime: Date.UTC(1980, 0, 6), valid: false, latitude: 0, longitude: 0 });
  });
});

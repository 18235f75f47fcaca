import { distanceMeters } from '@rastro/api';
import { describe, expect, it } from 'vitest';
import { distance } from './distance.ts';
import { deviceContext, storedAt, workingAt } from './testing/positions.ts';

const context = deviceContext();
const round2 = (value: number) => Math.round(value * 100) / 100;

describe('distance handler (Traccar DistanceHandler)', () => {
  it('measures from the last position and adds it to the last totalDistance, in metres to the centimetre', () => {
    const last = storedAt(0, { latitude: -23.55, longitude: -46.63, attributes: { totalDistance: 1_000 } });
    const step = distanceMeters(-23.55, -46.63, -23.56, -46.63);
    const result = distance(workingAt(60, { latitude: -23.56, longitude: -46.63 }), last, context)!;
    expect(result.attributes).toEqual({ distance: round2(step), totalDistance: round2(1_000 + step) });
    expect(step).toBeGreaterThan(1_100);
  });

  it('starts from zero: no last position, or one without a total', () => {
    expect(distance(workingAt(0), null, context)!.attributes).toEqual({ distance: 0, totalDistance: 0 });
    const last = storedAt(0, { latitude: -23.55 });
    const result = distance(workingAt(60, { latitude: -23.551 }), last, context)!;
    expect(result.attributes.totalDistance).toBe(result.attributes.distance);
  });

  it('takes the distance the device reports instead of measuring it', () => {
    const last = storedAt(0, { attributes: { totalDistance: 500 } });
    expect(distance(workingAt(60, { latitude: 10, attributes: { distance: 12.345 } }), last, context)!.attributes).toEqual({ distance: 12.35, totalDistance: 512.35 });
    expect(distance(workingAt(60, { attributes: { distance: 7 } }), null, context)!.attributes).toEqual({ distance: 7, totalDistance: 7 });
  });

  it('adds nothing for the same coordinates or an outdated position (it reuses the last fix)', () => {
    const last = storedAt(0, { attributes: { totalDistance: 42.5 } });
    expect(distance(workingAt(60), last, context)!.attributes).toEqual({ distance: 0, totalDistance: 42.5 });
    expect(distance(workingAt(60, { outdated: true, latitude: 0, longitude: 0 }), last, context)!.attributes).toEqual({ distance: 0, totalDistance: 42.5 });
  });

  it('keeps the other attributes and fields, and does not change its input', () => {
    const input = workingAt(60, { latitude: -23.56, attributes: { ignition: true } });
    const result = distance(input, storedAt(0), context)!;
    expect(result).toMatchObject({ latitude: -23.56, fixTime: 60_000, attributes: { ignition: true } });
    expect(input.attributes).toEqual({ ignition: true });
  });
});

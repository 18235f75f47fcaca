import { describe, expect, it } from 'vitest';
import type { StoredPosition } from '../position/types.ts';
import { odometers } from './measures.ts';

const at = (attributes: Record<string, unknown>) => ({ attributes }) as unknown as StoredPosition;

describe('odometers', () => {
  it("uses the device's odometer when both ends have one", () => {
    expect(odometers(at({ odometer: 1000, totalDistance: 5 }), at({ odometer: 4000, totalDistance: 7 }), false)).toEqual([1000, 4000]);
  });

  it('uses the server total distance when an end lacks the odometer or the setting ignores it', () => {
    expect(odometers(at({ totalDistance: 5 }), at({ odometer: 4000, totalDistance: 9 }), false)).toEqual([5, 9]);
    expect(odometers(at({ odometer: 1000, totalDistance: 5 }), at({ odometer: 4000, totalDistance: 9 }), true)).toEqual([5, 9]);
  });

  it('falls back to the total distance when the odometer went backwards (reset or replaced tracker)', () => {
    expect(odometers(at({ odometer: 98_000, totalDistance: 100 }), at({ odometer: 1_500, totalDistance: 2_100 }), false)).toEqual([100, 2_100]);
  });
});

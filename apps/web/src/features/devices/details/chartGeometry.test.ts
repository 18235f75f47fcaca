import { describe, expect, it } from 'vitest';
import { chartGeometry } from './chartGeometry.ts';

const box = { width: 110, height: 60, padding: { top: 5, right: 5, bottom: 5, left: 5 } };

describe('chartGeometry', () => {
  it('scales time across and values upwards', () => {
    const geometry = chartGeometry([{ time: 2000, value: 10 }, { time: 0, value: 0 }, { time: 1000, value: 5 }], box);
    expect(geometry).toEqual({ path: 'M5.0 55.0 L55.0 30.0 L105.0 5.0', min: 0, max: 10, start: 0, end: 2000 });
  });

  it('centres a flat series and a single point', () => {
    expect(chartGeometry([{ time: 0, value: 3 }, { time: 10, value: 3 }], box)?.path).toBe('M5.0 30.0 L105.0 30.0');
    expect(chartGeometry([{ time: 0, value: 3 }], box)?.path).toBe('M55.0 30.0');
  });

  it('has nothing to draw without points', () => {
    expect(chartGeometry([], box)).toBeNull();
  });
});

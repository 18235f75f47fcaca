import { describe, expect, it } from 'vitest';
import { adjustColor, colorAdjustments, parseHexColor, toHex } from './colorFilter.ts';

describe('parseHexColor', () => {
  it('reads short and long hex colours', () => {
    expect(parseHexColor('#f00')).toEqual([255, 0, 0]);
    expect(parseHexColor('1d4e89')).toEqual([29, 78, 137]);
    expect(parseHexColor('red')).toBeNull();
    expect(parseHexColor(12)).toBeNull();
  });
});

describe('adjustColor', () => {
  const neutral = { hue: 0, saturate: 1, brightness: 1 };

  it('leaves the colour alone with neutral adjustments', () => {
    expect(toHex(adjustColor([29, 78, 137], neutral))).toBe('#1d4e89');
  });

  it('follows CSS hue-rotate: a half turn of pure red', () => {
    // the matrix keeps luminance, so red turns a dark cyan rather than #00ffff
    expect(toHex(adjustColor([255, 0, 0], { ...neutral, hue: 180 }))).toBe('#006d6d');
  });

  it('desaturates to grey and scales brightness', () => {
    const grey = adjustColor([255, 0, 0], { ...neutral, saturate: 0 });
    expect(grey[0]).toBeCloseTo(grey[1], 6);
    expect(grey[1]).toBeCloseTo(grey[2], 6);
    expect(adjustColor([100, 50, 200], { ...neutral, brightness: 0.5 })).toEqual([50, 25, 100]);
    expect(adjustColor([200, 200, 200], { ...neutral, brightness: 2 })).toEqual([255, 255, 255]);
  });
});

describe('colorAdjustments', () => {
  it('reads numbers and numeric strings, neutral otherwise', () => {
    expect(colorAdjustments({ hue: '90', saturate: 0.5, brightness: 'x' })).toEqual({ hue: 90, saturate: 0.5, brightness: 1 });
    expect(colorAdjustments({ saturate: -1 })).toEqual({ hue: 0, saturate: 1, brightness: 1 });
  });
});

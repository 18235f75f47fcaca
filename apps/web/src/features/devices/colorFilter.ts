import type { Attributes } from '@rastro/api';

export type Rgb = [number, number, number];

/** `#rgb` or `#rrggbb`; anything else is null. */
export function parseHexColor(value: unknown): Rgb | null {
  if (typeof value !== 'string') return null;
  const hex = value.trim().replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(hex)) return [0, 1, 2].map((i) => parseInt(hex[i] + hex[i], 16)) as Rgb;
  if (/^[0-9a-f]{6}$/i.test(hex)) return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
  return null;
}

export function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(Math.min(255, Math.max(0, channel))).toString(16).padStart(2, '0')).join('')}`;
}

type Matrix = [number, number, number, number, number, number, number, number, number];

function multiply(m: Matrix, [r, g, b]: Rgb): Rgb {
  return [m[0] * r + m[1] * g + m[2] * b, m[3] * r + m[4] * g + m[5] * b, m[6] * r + m[7] * g + m[8] * b];
}

/** The matrices of CSS `hue-rotate()` and `saturate()` (Filter Effects spec, feColorMatrix). */
function hueRotateMatrix(degrees: number): Matrix {
  const cos = Math.cos((degrees * Math.PI) / 180);
  const sin = Math.sin((degrees * Math.PI) / 180);
  return [
    0.213 + cos * 0.787 - sin * 0.213, 0.715 - cos * 0.715 - sin * 0.715, 0.072 - cos * 0.072 + sin * 0.928,
    0.213 - cos * 0.213 + sin * 0.143, 0.715 + cos * 0.285 + sin * 0.14, 0.072 - cos * 0.072 - sin * 0.283,
    0.213 - cos * 0.213 - sin * 0.787, 0.715 - cos * 0.715 + sin * 0.715, 0.072 + cos * 0.928 + sin * 0.072,
  ];
}

function saturateMatrix(s: number): Matrix {
  return [
    0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s,
    0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s,
    0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s,
  ];
}

/** A device's colour adjustments: hue in degrees, saturate and brightness as factors (1 = unchanged). */
export interface ColorAdjustments {
  hue: number;
  saturate: number;
  brightness: number;
}

function numberOr(value: unknown, fallback: number, valid: (n: number) => boolean): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && valid(number) ? number : fallback;
}

/** Device attributes `hue`, `saturate` and `brightness`, with neutral values for missing or invalid ones. */
export function colorAdjustments(attributes: Attributes): ColorAdjustments {
  return {
    hue: numberOr(attributes.hue, 0, () => true),
    saturate: numberOr(attributes.saturate, 1, (n) => n >= 0),
    brightness: numberOr(attributes.brightness, 1, (n) => n >= 0),
  };
}

/** The colour as it looks through CSS `hue-rotate(hue) saturate(saturate) brightness(brightness)`. */
export function adjustColor(rgb: Rgb, { hue, saturate, brightness }: ColorAdjustments): Rgb {
  let result = rgb;
  if (hue % 360 !== 0) result = multiply(hueRotateMatrix(hue), result);
  if (saturate !== 1) result = multiply(saturateMatrix(saturate), result);
  if (brightness !== 1) result = result.map((channel) => channel * brightness) as Rgb;
  return result.map((channel) => Math.min(255, Math.max(0, channel))) as Rgb;
}

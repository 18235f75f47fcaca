import { describe, expect, it } from 'vitest';
import { configuredView, positionsBounds, selectZoom } from './view.ts';

describe('configuredView', () => {
  const unset = { latitude: 0, longitude: 0, zoom: 0 };

  it('prefers the user settings over the server settings', () => {
    expect(configuredView({ latitude: -23.5, longitude: -46.6, zoom: 12 }, { latitude: 1, longitude: 2, zoom: 3 }))
      .toEqual({ center: [-46.6, -23.5], zoom: 12 });
  });

  it('uses the server settings when the user has none', () => {
    expect(configuredView(unset, { latitude: 1, longitude: 2, zoom: 3 })).toEqual({ center: [2, 1], zoom: 3 });
    expect(configuredView(null, { latitude: 1, longitude: 2, zoom: 0 })).toEqual({ center: [2, 1], zoom: 10 });
  });

  it('is null when nothing is set, so the map fits the devices', () => {
    expect(configuredView(unset, unset)).toBeNull();
    expect(configuredView(null, null)).toBeNull();
  });
});

describe('selectZoom', () => {
  it('reads web.selectZoom as a number or numeric string, default 17', () => {
    expect(selectZoom({ 'web.selectZoom': 15 })).toBe(15);
    expect(selectZoom({ 'web.selectZoom': '14' })).toBe(14);
    expect(selectZoom({ 'web.selectZoom': 'far' })).toBe(17);
    expect(selectZoom({})).toBe(17);
    expect(selectZoom(undefined)).toBe(17);
  });
});

describe('positionsBounds', () => {
  it('encloses all positions', () => {
    expect(positionsBounds([
      { latitude: -23.5, longitude: -46.6 },
      { latitude: -22.9, longitude: -43.2 },
    ])).toEqual([[-46.6, -23.5], [-43.2, -22.9]]);
  });

  it('is null without positions', () => {
    expect(positionsBounds([])).toBeNull();
  });
});

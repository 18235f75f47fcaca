import { describe, expect, it } from 'vitest';
import { makeDevice, makePosition } from '../../testing/fixtures.ts';
import { STATUS_COLORS } from '../devices/index.ts';
import { deviceFeature, labelText, markerStyle } from './deviceFeatures.ts';

const options = { names: true, plates: false, status: true };

describe('markerStyle', () => {
  it('draws the category in the device colours with the status ring', () => {
    const device = makeDevice({ id: 1, category: 'truck', status: 'offline', attributes: { 'tarkan.color': '#ff0000', 'tarkan.color_extra': '#000' } });
    expect(markerStyle(device, true)).toEqual({ category: 'truck', fill: '#ff0000', glyph: '#000000', ring: STATUS_COLORS.offline });
  });

  it('applies hue, saturation and brightness to both colours', () => {
    const device = makeDevice({ id: 1, attributes: { 'tarkan.color': '#ff0000', brightness: 0.5, saturate: 1, hue: 0 } });
    expect(markerStyle(device, true)).toMatchObject({ fill: '#800000', glyph: '#808080' });
  });

  it('falls back to the default category and colours, and a neutral ring without status', () => {
    const style = markerStyle(makeDevice({ id: 1, category: 'hovercraft', status: 'online' }), false);
    expect(style).toEqual({ category: 'default', fill: '#1d4e89', glyph: '#ffffff', ring: '#ffffff' });
  });
});

describe('labelText', () => {
  const device = makeDevice({ id: 1, name: 'Van 3', attributes: { plate: 'ABC1D23' } });

  it('shows the name, the plate, or both', () => {
    expect(labelText(device, { ...options, names: true, plates: false })).toBe('Van 3');
    expect(labelText(device, { ...options, names: false, plates: true })).toBe('ABC1D23');
    expect(labelText(device, { ...options, names: true, plates: true })).toBe('Van 3 · ABC1D23');
    expect(labelText(makeDevice({ id: 2 }), { ...options, names: false, plates: true })).toBe('');
  });
});

describe('deviceFeature', () => {
  it('places the device and carries what the layers need', () => {
    const device = makeDevice({ id: 7, name: 'Truck', status: 'online', category: 'truck' });
    const position = makePosition({ deviceId: 7, latitude: 60, longitude: -46.6, course: 90, accuracy: 100, attributes: { motion: true } });
    const feature = deviceFeature(device, position, options);
    expect(feature.id).toBe(7);
    expect(feature.geometry.coordinates).toEqual([-46.6, 60]);
    expect(feature.properties).toMatchObject({ deviceId: 7, status: 'online', course: 90, moving: true, label: 'label:Truck' });
    expect(feature.properties.icon).toBe(`device:truck:#1d4e89:#ffffff:${STATUS_COLORS.online}`);
    // 100 m at 60° latitude: 200 m of equator, 200 / 78271.5 px at zoom 0
    expect(feature.properties.accuracy0).toBeCloseTo(200 / 78271.517, 6);
  });
});

import { describe, expect, it } from 'vitest';
import { attributeText } from './attributeValue.ts';

const format = {
  distance: (metres: number) => `${(metres / 1000).toFixed(2)} km`,
  duration: (ms: number) => `${ms / 3_600_000}h`,
  number: (value: number) => String(value),
};
const t = (key: string) => key;

describe('attributeText', () => {
  it('shows distances and engine hours in the user units', () => {
    expect(attributeText('odometer', 12_345, format, t)).toBe('12.35 km');
    expect(attributeText('hours', 7_200_000, format, t)).toBe('2h');
  });

  it('adds the usual unit of common attributes', () => {
    expect(attributeText('power', 13.9, format, t)).toBe('13.9 V');
    expect(attributeText('batteryLevel', 87, format, t)).toBe('87 %');
    // Traccar's units: fuel in litres, fuel level in percent
    expect(attributeText('fuel', 40.5, format, t)).toBe('40.5 L');
    expect(attributeText('fuelLevel', 86.2, format, t)).toBe('86.2 %');
    expect(attributeText('fuelConsumption', 3, format, t)).toBe('3 L/h');
  });

  it('shows flags, texts and anything else', () => {
    expect(attributeText('ignition', true, format, t)).toBe('reports.yes');
    expect(attributeText('motion', false, format, t)).toBe('reports.no');
    expect(attributeText('driverUniqueId', 'D-17', format, t)).toBe('D-17');
    expect(attributeText('io', { a: 1 }, format, t)).toBe('{"a":1}');
  });
});

import { describe, expect, it } from 'vitest';
import { vehicleIdOf } from './vehicleCode.ts';

describe('vehicle code', () => {
  it('reads the link of a vehicle QR code and the printed code', () => {
    expect(vehicleIdOf('https://fleet.example.com/qr-driver/scan/12')).toBe(12);
    expect(vehicleIdOf('http://localhost:8082/qr-driver/scan/7/?x=1')).toBe(7);
    expect(vehicleIdOf(' 42 ')).toBe(42);
    expect(vehicleIdOf('#42')).toBe(42);
  });

  it('names no device for anything else', () => {
    for (const text of ['', 'abc', '0', '-3', '1.5', 'https://example.com/devices/12', '/qr-driver/scan/x', '99999999999999999999']) {
      expect(vehicleIdOf(text), text).toBeNull();
    }
  });
});

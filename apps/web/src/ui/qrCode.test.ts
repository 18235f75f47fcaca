import decodeQR from 'qr/decode.js';
import { describe, expect, it } from 'vitest';
import { modulesPath, qrModules } from './qrCode.ts';

/** Draws the modules as an RGBA image, as a camera would see the printed code. */
function image(modules: boolean[][], scale = 4) {
  const size = modules.length * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  modules.forEach((row, y) => row.forEach((dark, x) => {
    if (!dark) return;
    for (let dy = 0; dy < scale; dy++) for (let dx = 0; dx < scale; dx++) {
      const offset = ((y * scale + dy) * size + x * scale + dx) * 4;
      data[offset] = data[offset + 1] = data[offset + 2] = 0;
    }
  }));
  return { width: size, height: size, data };
}

describe('vehicle QR code', () => {
  it('encodes the check-in link so that a reader gets it back', async () => {
    const link = 'https://frota.example.com.br/qr-driver/scan/1234';
    const modules = await qrModules(link);
    expect(modules.length).toBe(modules[0].length);
    expect(decodeQR(image(modules))).toBe(link);
  });

  it('draws one square per dark module', () => {
    const modules = [[true, false], [false, true]];
    expect(modulesPath(modules)).toBe('M0 0h1v1h-1zM1 1h1v1h-1z');
  });
});

import { describe, expect, it } from 'vitest';
import { base32Decode, checkTotp, groupSecret, otpauthUri, totpCode } from './totp.ts';

// RFC 6238 appendix B, SHA-1: the ASCII secret "12345678901234567890", 8 digits
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  it('decodes base32', () => {
    expect(new TextDecoder().decode(base32Decode(RFC_SECRET))).toBe('12345678901234567890');
    expect(new TextDecoder().decode(base32Decode('mzxw 6ytb oi======'))).toBe('foobar');
    expect(() => base32Decode('A1')).toThrow();
  });

  it('gives the RFC 6238 test values', async () => {
    const vectors: [number, string][] = [
      [59, '94287082'], [1111111109, '07081804'], [1111111111, '14050471'],
      [1234567890, '89005924'], [2000000000, '69279037'], [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) expect(await totpCode(RFC_SECRET, Math.floor(seconds / 30), 8)).toBe(code);
  });

  it('accepts the code of now and of the neighbouring steps only', async () => {
    const now = 1111111111_000;
    expect(await checkTotp(RFC_SECRET, '050471', now)).toBe(true);
    expect(await checkTotp(RFC_SECRET, await totpCode(RFC_SECRET, Math.floor(now / 30_000) - 1), now)).toBe(true);
    expect(await checkTotp(RFC_SECRET, await totpCode(RFC_SECRET, Math.floor(now / 30_000) + 1), now)).toBe(true);
    expect(await checkTotp(RFC_SECRET, await totpCode(RFC_SECRET, Math.floor(now / 30_000) - 2), now)).toBe(false);
    expect(await checkTotp(RFC_SECRET, '000000', now)).toBe(false);
  });

  it('builds the otpauth link authenticator apps scan', () => {
    expect(otpauthUri('ana@frota.example', 'JBSWY3DPEHPK3PXP')).toBe('otpauth://totp/Rastro:ana%40frota.example?secret=JBSWY3DPEHPK3PXP&issuer=Rastro');
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
  });
});

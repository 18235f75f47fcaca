import { describe, expect, it } from 'vitest';
import { acceptBadChecksumOf } from './registry.ts';

describe('RASTRO_ACCEPT_BAD_CRC', () => {
  it('names the protocols whose bad checksums are accepted, or all of them', () => {
    const none = acceptBadChecksumOf([]);
    expect(['gt06', 'teltonika'].map(none)).toEqual([false, false]);
    const gt06 = acceptBadChecksumOf(['gt06']);
    expect(['gt06', 'teltonika'].map(gt06)).toEqual([true, false]);
    const all = acceptBadChecksumOf(['all']);
    expect(['gt06', 'teltonika'].map(all)).toEqual([true, true]);
  });

  it('refuses a name that could not mean anything, so a typo does not pass unnoticed', () => {
    expect(() => acceptBadChecksumOf(['gt6'])).toThrow(
      'RASTRO_ACCEPT_BAD_CRC: "gt6" is not a protocol with a checksum (castel, eelink, gt06, jt808, meiligao, meitrack, mxt, pst, teltonika or all)',
    );
    // H02 and Suntech frames carry no checksum: accepting bad ones would do nothing.
    expect(() => acceptBadChecksumOf(['h02'])).toThrow(/"h02" is not a protocol with a checksum/);
  });
});

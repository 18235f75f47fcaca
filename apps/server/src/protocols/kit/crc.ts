/**
 * The CRC-16 variants device protocols use, each named as in the CRC catalogue (reveng). All take
 * the bytes the protocol covers and return the 16-bit value.
 */

/** Reflected CRC-16 over polynomial `poly` (given reflected), starting at `init`. */
function reflected(data: Uint8Array, poly: number, init: number): number {
  let crc = init;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ poly : crc >>> 1;
  }
  return crc;
}

/** Non-reflected CRC-16 over polynomial `poly`, starting at `init`. */
function direct(data: Uint8Array, poly: number, init: number): number {
  let crc = init;
  for (const byte of data) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ poly) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** CRC-16/X-25 (CRC-ITU): GT06, Castel, some Meiligao firmware. */
export function crc16X25(data: Uint8Array): number {
  return reflected(data, 0x8408, 0xffff) ^ 0xffff;
}

/** CRC-16/ARC (IBM): Teltonika. */
export function crc16Ibm(data: Uint8Array): number {
  return reflected(data, 0xa001, 0);
}

/** CRC-16/CCITT-FALSE: Meiligao. */
export function crc16CcittFalse(data: Uint8Array): number {
  return direct(data, 0x1021, 0xffff);
}

/** CRC-16/XMODEM: Maxtrack (MXT). */
export function crc16Xmodem(data: Uint8Array): number {
  return direct(data, 0x1021, 0);
}

/** CRC-16/KERMIT: Ruptela. */
export function crc16Kermit(data: Uint8Array): number {
  return reflected(data, 0x8408, 0);
}

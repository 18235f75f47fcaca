/**
 * CRC-16/X.25 (also called CRC-ITU): reflected polynomial 0x1021, initial value and final XOR
 * 0xFFFF. GT06 frames carry it over the bytes from the length field up to the serial number.
 */
export function crc16X25(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
  }
  return ~crc & 0xffff;
}

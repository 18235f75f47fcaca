import { buildNetwork, type Network } from '../kit/network.ts';
import type { ByteReader } from '../kit/byte-reader.ts';

/** The serving cell as its area code and id (u16 little-endian each); the devices send no country or network code. */
export function readCell(reader: ByteReader): Network | null {
  const locationAreaCode = reader.u16le();
  const cellId = reader.u16le();
  return buildNetwork([{ mobileCountryCode: 0, mobileNetworkCode: 0, locationAreaCode, cellId }], []);
}

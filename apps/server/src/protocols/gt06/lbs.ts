import type { CellTower } from '../osmand/network.ts';
import type { ByteReader } from './reader.ts';

/** Field widths of the cell tower block, which grew with the device generations. */
export interface CellLayout {
  /** The mnc takes two bytes even without the mcc flag. */
  wideMnc: boolean;
  /** 4-byte location area code (LTE tracking area) instead of 2. */
  wideLac: boolean;
  cidBytes: 3 | 4 | 8;
}

export const CLASSIC_CELL: CellLayout = { wideMnc: false, wideLac: false, cidBytes: 3 };

/** mcc, mnc, lac, cell id. Bit 15 of the mcc field says that the mnc takes two bytes. */
export function readCellTower(reader: ByteReader, layout: CellLayout): CellTower {
  const mcc = reader.u16();
  const mnc = mcc & 0x8000 || layout.wideMnc ? reader.u16() : reader.u8();
  const lac = layout.wideLac ? reader.u32() : reader.u16();
  const cellId = layout.cidBytes === 8 ? reader.u64() : layout.cidBytes === 4 ? reader.u32() : reader.u24();
  return { mobileCountryCode: mcc & 0x7fff, mobileNetworkCode: mnc, locationAreaCode: lac, cellId };
}

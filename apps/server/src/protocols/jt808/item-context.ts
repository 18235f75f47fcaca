import type { Attributes } from '@rastro/api';
import type { ByteReader } from '../kit/byte-reader.ts';
import type { CellTower, WifiAccessPoint } from '../kit/network.ts';
import type { DecodedPosition } from '../types.ts';

/** What an additional-information item decodes into. */
export interface ItemContext {
  position: DecodedPosition;
  attributes: Attributes;
  /** The device's model (upper-case), which gives some items their meaning. */
  model: string;
  cells: CellTower[];
  wifis: WifiAccessPoint[];
}

/**
 * Decodes one item of a location report from `data`, which starts at the item's value and runs
 * on to the end of the report: like Traccar, fields are read by their own sizes, and a firmware
 * that declares fewer bytes has them read on (the list continues after the declared length).
 */
export type ItemDecoder = (data: ByteReader, length: number, context: ItemContext) => void;

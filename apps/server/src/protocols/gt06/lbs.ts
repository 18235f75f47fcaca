import type { CellTower } from '../kit/network.ts';
import { buildNetwork } from '../kit/network.ts';
import type { DecodedPosition } from '../types.ts';
import type { Message } from './message.ts';
import type { ByteReader } from './reader.ts';

const GPS_LBS_6 = 0x11;
const IBUTTON = 0x61;
const GPS_LBS_DRIVER = 0x25;
const LOCATION_RFID = 0x36;
const GPS_LBS_8 = 0x38;
const ALARM_MODULE = 0x39;
const GPS_LBS_4G = 0xa0;
const GPS_LBS_STATUS_5 = 0xa2;
const LBS_ALARM = 0xa5;

/** Signal strengths are stored in dBm, negative as Traccar stores them; devices send the magnitude. */
export function dbm(strength: number): number {
  return strength > 0 ? -strength : strength;
}

/** The length byte of a classic tower block: itself, mcc, mnc, lac and a 3-byte cell id. */
const CLASSIC_LENGTH = 9;

/** How many bytes after a zero length byte must be zero for the block to be a zero-filled one. */
const ZEROED_BLOCK = 45;

/**
 * The serving cell of a location message: mcc (bit 15: the mnc takes two bytes), mnc, lac, cell
 * id, their widths growing with the device generations. When `sized`, a length byte comes first:
 * 0 means no cell (a zero-filled 45-byte block follows on some firmware and is skipped).
 * Returns whether a cell was there.
 */
export function readServingCell(reader: ByteReader, position: DecodedPosition, message: Message, sized: boolean): boolean {
  const { type, variant } = message;
  const length = sized ? reader.u8() : undefined;
  if (length === 0) {
    skipZeroedBlock(reader);
    return false;
  }
  // 0x38 and 0x39 give the radio type: from 3 (LTE) on, lac and cell id are 4G-wide, a 2-byte rssi follows.
  const radio = type === GPS_LBS_8 || type === ALARM_MODULE ? reader.u8() : 0;
  const lte = radio >= 3 || type === LBS_ALARM || type === GPS_LBS_4G || type === GPS_LBS_STATUS_5;
  const mcc = reader.u16();
  const mnc = mcc & 0x8000 || type === GPS_LBS_6 || variant === 'sl4x' ? reader.u16() : reader.u8();
  const lac = lte ? reader.u32() : reader.u16();
  let cellId: number;
  if (lte || variant === 'sl4x') cellId = reader.u64();
  else if (type === GPS_LBS_6 || type === IBUTTON || type === GPS_LBS_DRIVER || variant === 'seeworld' || (variant === 'trx16i' && type === LOCATION_RFID)) {
    cellId = reader.u32();
  } else cellId = reader.u24();
  if (radio >= 3) reader.skip(2); // rssi
  else if (type === GPS_LBS_8 || type === ALARM_MODULE) reader.skip(1); // rssi

  const tower: CellTower = { mobileCountryCode: mcc & 0x7fff, mobileNetworkCode: mnc, locationAreaCode: lac, cellId };
  position.network = buildNetwork([tower], []);
  // Like Traccar, the length is measured against a classic block (9 bytes, itself included)
  // whatever the field widths, and what it says beyond that is skipped: the frames of the devices
  // with wider fields in Traccar's tests (XT40's 4-byte cell id, SL4X's) only line up that way.
  if (length !== undefined && length > CLASSIC_LENGTH) reader.skip(length - CLASSIC_LENGTH);
  return true;
}

function skipZeroedBlock(reader: ByteReader): void {
  const end = Math.min(ZEROED_BLOCK, reader.unread);
  for (let at = 9; at < end; at++) if (reader.peek(at) !== 0) return;
  reader.skip(end);
}

import type { DecodedPosition } from '../types.ts';
import { buildNetwork, type CellTower, type WifiAccessPoint } from '../kit/network.ts';
import { alarmOf } from './alarms.ts';
import { readTime } from './gps.ts';
import { dbm } from './lbs.ts';
import type { Message } from './message.ts';
import { newPosition } from './position.ts';
import type { ByteReader } from './reader.ts';
import { macAddress } from './wifi.ts';
import { addAlarm } from '../../position/keys.ts';

const LBS_MULTIPLE_1 = 0x28;
const LBS_MULTIPLE_2 = 0x2e;
const LBS_MULTIPLE_3 = 0x24;
const LBS_EXTEND = 0x18;
const LBS_WIFI = 0x2c;
const LBS_2 = 0xa1;
const LBS_3 = 0x34;
const WIFI_3 = 0xa2;
const WIFI_5 = 0x33;
const WIFI_ALARM = 0xa9;

/** Types that list cells only; the others add access points. */
const CELLS_ONLY = new Set([LBS_MULTIPLE_1, LBS_MULTIPLE_2, LBS_MULTIPLE_3, LBS_2, LBS_3]);

/**
 * Whether the message lists the cells (and access points) around the device rather than a fix.
 * Protocol numbers other layouts share are settled by the caller (0x24 SR411 mini, 0x34 X1).
 */
export function isTowerList({ type, variant, extended }: Message): boolean {
  switch (type) {
    case LBS_MULTIPLE_1:
    case LBS_MULTIPLE_2:
    case LBS_MULTIPLE_3:
    case LBS_EXTEND:
    case LBS_WIFI:
    case LBS_2:
    case LBS_3:
    case WIFI_ALARM:
      return true;
    case WIFI_3:
      return variant !== 'lw4g';
    case WIFI_5:
      return !extended;
    default:
      return false;
  }
}

/**
 * The time, one mcc and mnc, then the cells (lac, cell id, signal; 7 of them, 6 in 0x33, or a
 * count first), a timing advance, and for most types the access points (MAC, signal). Cells
 * with lac 0 are empty slots. Wi-Fi alarms (0xA9) end with the alarm code.
 */
export function readTowerList(reader: ByteReader, message: Message): DecodedPosition {
  const { type, variant } = message;
  const position = newPosition(readTime(reader, message.utcOffsetMinutes));
  // WANWAY S20 and SL4X send the timing advance first, the others after the cells.
  const advanceFirst = variant === 'wanwayS20' || variant === 'sl4x';
  if (advanceFirst) reader.skip(1);

  const mcc = reader.u16();
  const mnc = mcc & 0x8000 || variant === 'sl4x' ? reader.u16() : reader.u8();
  const lte = type === WIFI_ALARM && reader.u8() > 0;
  const count = variant === 'wanwayS20' || type === WIFI_ALARM ? reader.u8() : type === WIFI_5 ? 6 : 7;
  const cells: CellTower[] = [];
  for (let i = 0; i < count; i++) {
    let lac: number;
    let cellId: number;
    if (type === LBS_2 || type === WIFI_3 || lte) {
      lac = reader.i32();
      cellId = reader.u64();
    } else if (type === WIFI_5 || type === LBS_3) {
      lac = reader.u16();
      cellId = reader.u32();
    } else {
      lac = reader.u16();
      cellId = reader.u24();
    }
    const signalStrength = dbm(reader.u8());
    if (lac > 0) cells.push({ mobileCountryCode: mcc & 0x7fff, mobileNetworkCode: mnc, locationAreaCode: lac, cellId, signalStrength });
  }
  if (!advanceFirst) reader.skip(1);

  const wifis: WifiAccessPoint[] = [];
  if (!CELLS_ONLY.has(type)) {
    for (let wifiCount = reader.u8(); wifiCount > 0; wifiCount--) wifis.push({ macAddress: macAddress(reader.bytes(6)), signalStrength: dbm(reader.u8()) });
  }
  position.network = buildNetwork(cells, wifis);

  if (type === WIFI_ALARM) {
    const code = reader.u8();
    const language = reader.u8();
    addAlarm(position.attributes, alarmOf(((language >> 4) << 8) | code, message));
  }
  return position;
}

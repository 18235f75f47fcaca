import type { CellTower, WifiAccessPoint } from '../kit/network.ts';
import { DecodeError, parseInteger, quote } from './values.ts';

/** `cell=mcc,mnc,lac,cid[,rssi]` */
export function parseCell(value: string): CellTower {
  const parts = value.split(',');
  if (parts.length < 4) throw new DecodeError(`invalid cell: ${quote(value)} (mcc,mnc,lac,cid[,rssi])`);
  // Like Traccar, fields after the fifth are ignored.
  const [mcc, mnc, lac, cid, rssi] = parts.slice(0, 5).map((part) => parseInteger('cell', part));
  const tower: CellTower = { mobileCountryCode: mcc, mobileNetworkCode: mnc, locationAreaCode: lac, cellId: cid };
  if (rssi !== undefined) tower.signalStrength = rssi;
  return tower;
}

/** `wifi=mac,rssi` (further fields ignored); the MAC may use `-` separators, stored with `:` as Traccar does. */
export function parseWifi(value: string): WifiAccessPoint {
  const parts = value.split(',');
  if (parts.length < 2 || parts[0] === '') throw new DecodeError(`invalid wifi: ${quote(value)} (mac,rssi)`);
  return { macAddress: parts[0].replaceAll('-', ':'), signalStrength: parseInteger('wifi', parts[1]) };
}

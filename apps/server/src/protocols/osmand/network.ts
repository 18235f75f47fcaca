import { DecodeError, parseInteger, quote } from './values.ts';

/** Traccar's CellTower / WifiAccessPoint / Network JSON shapes (absent fields omitted). */
export type CellTower = {
  mobileCountryCode: number;
  mobileNetworkCode: number;
  locationAreaCode: number;
  cellId: number;
  signalStrength?: number;
};

export type WifiAccessPoint = { macAddress: string; signalStrength: number };

export type Network = {
  radioType: 'gsm';
  considerIp: false;
  cellTowers?: CellTower[];
  wifiAccessPoints?: WifiAccessPoint[];
};

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

/** Null when there is nothing to report; repeated identical entries count once (Traccar keeps sets). */
export function buildNetwork(cells: CellTower[], wifis: WifiAccessPoint[]): Network | null {
  if (cells.length === 0 && wifis.length === 0) return null;
  const network: Network = { radioType: 'gsm', considerIp: false };
  if (cells.length > 0) network.cellTowers = unique(cells);
  if (wifis.length > 0) network.wifiAccessPoints = unique(wifis);
  return network;
}

function unique<T>(items: T[]): T[] {
  const seen = new Map(items.map((item) => [JSON.stringify(item), item]));
  return [...seen.values()];
}

/**
 * Traccar's network JSON as codecs write it into `position.network` (cell towers and Wi-Fi access
 * points a device saw), shared by every protocol that reports them.
 */

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

import type { DecodedPosition } from '../types.ts';
import { fields, integer } from './values.ts';

interface CellTower {
  mobileCountryCode: number;
  mobileNetworkCode: number;
  locationAreaCode: number;
  cellId: number;
  signalStrength?: number;
}

interface WifiAccessPoint {
  macAddress: string;
  signalStrength: number;
}

const HEX_LETTER = /[a-fA-F]/;
const MAC = /^[0-9a-fA-F]{2}([:-][0-9a-fA-F]{2}){5}$/;

/**
 * What follows the status word: the cell count, timing advance, MCC, MNC, then LAC, cell id and
 * signal per cell (LAC and cell id in hex when they hold hex letters), then the Wi-Fi count and
 * name, MAC and signal per access point. Trailing fields (accuracy) are ignored. When the fourth
 * field already holds hex letters it is no MNC: the list is of a layout not known here, left out.
 * A field that is not a number ends the list, keeping what was read before it.
 */
export function decodeNetwork(text: string): DecodedPosition['network'] {
  const values = fields(text);
  if (values.length >= 4 && HEX_LETTER.test(values[3])) return null;
  let at = 0;
  const next = () => values.at(at++);
  const cells: CellTower[] = [];
  const wifis: WifiAccessPoint[] = [];

  const cellCount = integer(next()) ?? 0;
  if (cellCount > 0) {
    next(); // timing advance
    const mcc = integer(next()) ?? 0;
    const mnc = integer(next()) ?? 0;
    for (let i = 0; i < cellCount && at < values.length; i++) {
      const lac = code(next());
      const cellId = code(next());
      const signal = next();
      if (lac === undefined || cellId === undefined) return networkOf(cells, wifis);
      const cell: CellTower = { mobileCountryCode: mcc, mobileNetworkCode: mnc, locationAreaCode: lac, cellId };
      const strength = integer(signal);
      // Traccar keeps cell signals as negative dBm.
      if (strength !== undefined) cell.signalStrength = strength > 0 ? -strength : strength;
      cells.push(cell);
    }
  }

  const wifiCount = integer(next()) ?? 0;
  for (let i = 0; i < wifiCount && at < values.length; i++) {
    next(); // network name
    const mac = next();
    const signal = integer(next());
    if (mac !== undefined && MAC.test(mac) && signal !== undefined) wifis.push({ macAddress: mac.replaceAll('-', ':'), signalStrength: signal });
  }
  return networkOf(cells, wifis);
}

function code(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (HEX_LETTER.test(value)) return /^[0-9a-fA-F]{1,12}$/.test(value) ? parseInt(value, 16) : undefined;
  return integer(value);
}

/** Null when there is nothing; an identical tower or access point listed twice counts once, as Traccar keeps sets. */
function networkOf(cells: CellTower[], wifis: WifiAccessPoint[]): DecodedPosition['network'] {
  if (cells.length === 0 && wifis.length === 0) return null;
  const unique = <T>(items: T[]) => [...new Map(items.map((item) => [JSON.stringify(item), item])).values()];
  return {
    radioType: 'gsm',
    considerIp: false,
    ...(cells.length > 0 && { cellTowers: unique(cells) }),
    ...(wifis.length > 0 && { wifiAccessPoints: unique(wifis) }),
  };
}

import { buildNetwork, type CellTower, type WifiAccessPoint } from '../kit/network.ts';
import { KEY } from '../../position/keys.ts';
import { readEvent } from './events.ts';
import { timeOf, integer, newPosition } from './position.ts';
import type { Message } from './message.ts';

/** `(<serial><code>[<imei>],{mcc,mnc,lac,cid}\n{...}\n,<odometer>)`: the cells in sight, decimal, and the odometer in hex. */
const CELLS = /^\((?<serial>\d{12}).{4}(?:\d{15})?,(?<cells>.+),(?<odometer>\d{8})\)$/s;

/** `(<serial>BZ00,<mcc>,<mnc>,<lac>,<cid>,...)`: the serving cell, lac and cid in hex. */
const SERVING_CELL = /^\(?(?<serial>\d{12})BZ00,(?<mcc>\d+),(?<mnc>\d+),(?<lac>[0-9a-fA-F]+),(?<cid>[0-9a-fA-F]+),/;

/**
 * `(<id>,DW5x,<mcc>,<mnc>,<lac>,<cid>,<count>,<mac>*<rssi>*<channel>,...,<ddmmyy>,<hhmmss>)`: the
 * serving cell and the Wi-Fi access points in sight; the code's last digit is an event.
 */
const CELL_AND_WIFI = new RegExp(
  '^\\(?(?<id>\\d+),(?<type>.{4}),(?<mcc>\\d+),(?<mnc>\\d+),(?<lac>\\d+),(?<cid>\\d+),(?<count>\\d+),' +
    '(?<wifis>(?:(?:[0-9a-fA-F]{2}:){5}[0-9a-fA-F]{2}\\*[-+]?\\d+\\*\\d+,)*)' +
    '(?<day>\\d\\d)(?<month>\\d\\d)(?<year>\\d\\d),(?<hour>\\d\\d)(?<minute>\\d\\d)(?<second>\\d\\d)',
);

export function decodeCells(sentence: string, receivedAt: Date): Message | null {
  const groups = CELLS.exec(sentence)?.groups;
  if (!groups?.serial || !groups.cells) return null;
  const towers = groups.cells
    .split('\n')
    .filter((cell) => cell !== '')
    .map((cell): CellTower => {
      const [mcc, mnc, lac, cid] = cell.slice(1, -1).split(',').map((value) => integer(value));
      return { mobileCountryCode: mcc, mobileNetworkCode: mnc, locationAreaCode: lac, cellId: cid };
    });
  const position = newPosition(receivedAt);
  position.network = buildNetwork(towers, []);
  position.attributes[KEY.odometer] = integer(groups.odometer, 16);
  return { uniqueId: groups.serial, positions: [position] };
}

export function decodeServingCell(sentence: string, receivedAt: Date): Message | null {
  const groups = SERVING_CELL.exec(sentence)?.groups;
  if (!groups?.serial) return null;
  const position = newPosition(receivedAt);
  position.network = buildNetwork(
    [
      {
        mobileCountryCode: integer(groups.mcc),
        mobileNetworkCode: integer(groups.mnc),
        locationAreaCode: integer(groups.lac, 16),
        cellId: integer(groups.cid, 16),
      },
    ],
    [],
  );
  return { uniqueId: groups.serial, positions: [position] };
}

export function decodeCellAndWifi(sentence: string): Message | null {
  const groups = CELL_AND_WIFI.exec(sentence)?.groups;
  if (!groups?.id || !groups.type) return null;
  const position = newPosition(timeOf(groups));
  readEvent(groups.type, '0', position.attributes);
  const tower: CellTower = {
    mobileCountryCode: integer(groups.mcc),
    mobileNetworkCode: integer(groups.mnc),
    locationAreaCode: integer(groups.lac),
    cellId: integer(groups.cid),
  };
  // Access points count only when the count the device gives matches the list.
  const entries = (groups.wifis ?? '').split(',').filter((entry) => entry !== '');
  const wifis = entries.length === integer(groups.count)
    ? entries.map((entry): WifiAccessPoint => {
        const [macAddress, rssi] = entry.split('*');
        return { macAddress, signalStrength: integer(rssi) };
      })
    : [];
  position.network = buildNetwork([tower], wifis);
  return { uniqueId: groups.id, positions: [position] };
}

import { ProtocolError, type DecodeResult } from '../codec.ts';
import { buildNetwork, type CellTower } from '../kit/network.ts';
import { newPosition, utcTime } from './position.ts';
import { readStatus } from './status.ts';
import { KEY } from '../../position/keys.ts';

const HEX = '[0-9a-fA-F]';
const TIME = '(?<hour>\\d\\d)(?<minute>\\d\\d)(?<second>\\d\\d)';
const DATE = '(?<day>\\d\\d)(?<month>\\d\\d)(?<year>\\d\\d)';

/** NBR: mcc, mnc, then (lac, cell id, signal) triples. */
const NBR = new RegExp(
  `^\\*..,(?<id>\\d+),NBR,${TIME},(?<mcc>\\d+),(?<mnc>\\d+),\\d+,\\d+,(?<cells>(?:\\d+,\\d+,-?\\d+,)+)${DATE},(?<status>${HEX}{8})`,
  's',
);

/**
 * V3: three-digit mcc and the mnc run together, the number of cells, four fields per cell (lac,
 * cell id, then two Traccar does not read), battery (hex), reboot count, `X`, date, status.
 */
const V3 = new RegExp(
  `^\\*..,(?<id>\\d+),V3,${TIME},(?<mcc>\\d{3})(?<mnc>\\d+),(?<count>\\d+),(?<cells>.*),(?<battery>${HEX}{4}),\\d+,X,${DATE},(?<status>${HEX}{8})#?$`,
  's',
);

/** Cell towers without a fix (NBR), confirmed with `*HQ,<id>,V4,NBR,<yyyyMMddHHmmss>#`. */
export function decodeNeighbourCells(sentence: string, receivedAt: Date, confirm: (id: string) => Buffer): DecodeResult {
  const groups = NBR.exec(sentence)?.groups;
  if (!groups) return {};
  const mcc = Number(groups.mcc);
  const mnc = Number(groups.mnc);
  const values = groups.cells.split(',').map(Number);
  const towers: CellTower[] = [];
  for (let i = 0; i + 2 < values.length; i += 3) {
    const [locationAreaCode, cellId, signalStrength] = values.slice(i, i + 3);
    towers.push({ mobileCountryCode: mcc, mobileNetworkCode: mnc, locationAreaCode, cellId, signalStrength });
  }
  return { uniqueId: groups.id, positions: [cellPosition(groups, towers, receivedAt)], reply: confirm(groups.id) };
}

/** Serving and neighbour cells without a fix (V3), with the battery. */
export function decodeCellReport(sentence: string, receivedAt: Date): DecodeResult {
  const groups = V3.exec(sentence)?.groups;
  if (!groups) return {};
  const mcc = Number(groups.mcc);
  const mnc = Number(groups.mnc);
  const values = groups.cells.split(',');
  const count = Number(groups.count);
  if (values.length < count * 4) throw new ProtocolError(`h02: V3 announces ${count} cells and holds fewer`);
  const towers: CellTower[] = [];
  for (let i = 0; i < count; i++) {
    const [locationAreaCode, cellId] = [values[i * 4], values[i * 4 + 1]].map((value) => integer(value));
    towers.push({ mobileCountryCode: mcc, mobileNetworkCode: mnc, locationAreaCode, cellId });
  }
  const position = cellPosition(groups, towers, receivedAt);
  // Traccar's value: the four hex digits as they are, under `battery`.
  position.attributes[KEY.battery] = parseInt(groups.battery, 16);
  return { uniqueId: groups.id, positions: [position] };
}

/** A message timed by the device that locates it only by its cells: the last fix is copied in. */
function cellPosition(groups: Record<string, string>, towers: CellTower[], receivedAt: Date) {
  const position = newPosition(receivedAt);
  position.deviceTime = utcTime(groups.day, groups.month, groups.year, groups.hour, groups.minute, groups.second);
  position.network = buildNetwork(towers, []);
  readStatus(parseInt(groups.status, 16), position.attributes);
  return position;
}

export function integer(value: string): number {
  if (!/^-?\d+$/.test(value.trim())) throw new ProtocolError(`h02: ${value} is not a number`);
  return Number(value);
}

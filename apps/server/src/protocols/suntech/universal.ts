import { KNOTS_PER_KMH } from '@rastro/api';
import type { DecodedPosition } from '../types.ts';
import { alertAlarm } from './alarms.ts';
import { Fields } from './fields.ts';
import type { SuntechMessage } from './message.ts';
import { addAlarm, blankPosition, outdatedPosition, setText, type CellTower } from './position.ts';
import { decodeSerialData } from './serial.ts';
import { KEY, PREFIX } from '../../position/keys.ts';

const LOCATION_TYPES = new Set(['STT', 'ALT', 'UEX', 'BLE']);
/** BLE reports have no mask field: model, firmware, date, time, latitude and longitude. */
const BLE_MASK = 0b1_1000_0011_0110;

/**
 * The universal protocol of the newer models (e.g. the ST4300 series): `STT;<id>;<mask>;...`.
 * The hex mask says which fields follow, bit by bit. RES carries a command result. ALV is the
 * keep-alive: Traccar ignores it, here it identifies the connection so commands can reach the
 * device even before its next report.
 */
export function decodeUniversalReport(values: string[], receivedAt: Date): SuntechMessage | null {
  const fields = new Fields(values);
  const type = fields.text();
  if (type === 'ALV') return { uniqueId: fields.text(), positions: [] };
  if (type !== 'RES' && !LOCATION_TYPES.has(type)) return null;
  const uniqueId = fields.text();

  if (type === 'RES') {
    const position = outdatedPosition(receivedAt);
    position.attributes[KEY.type] = type;
    position.attributes[KEY.result] = fields.rest();
    return { uniqueId, positions: [position] };
  }

  const mask = type === 'BLE' ? BLE_MASK : fields.hex();
  const has = (bit: number) => (mask & (1 << bit)) !== 0;
  const position = blankPosition(receivedAt);
  const { attributes } = position;
  attributes[KEY.type] = type;

  if (has(1)) fields.skip(); // model
  if (has(2)) setText(position, KEY.versionFw, fields.text());
  // Message type: 0 = stored while out of coverage and sent later.
  if (has(3) && fields.text() === '0') attributes[KEY.archive] = true;
  if (has(4) && has(5)) {
    const time = fields.dateTime();
    position.deviceTime = time;
    position.fixTime = time;
  }
  decodeCell(fields, has, position);
  if (has(10)) attributes[KEY.rssi] = fields.int();
  if (has(11)) position.latitude = fields.latitude();
  if (has(12)) position.longitude = fields.longitude();

  if (type === 'BLE') {
    position.valid = true;
    decodeBleTags(fields, position);
    return { uniqueId, positions: [position] };
  }

  if (has(13)) position.speed = fields.decimal() * KNOTS_PER_KMH;
  if (has(14)) position.course = fields.decimal();
  if (has(15)) attributes[KEY.sat] = fields.int();
  if (has(16)) position.valid = fields.text() === '1';
  // Input and output states are strings of 0/1 digits that Traccar reads as decimal numbers; the
  // last digit (bit 0 of that number) is the ignition, respectively output 1.
  if (has(17)) {
    const input = fields.int();
    attributes[KEY.ignition] = input % 2 === 1;
    attributes[KEY.input] = input;
  }
  if (has(18)) {
    const output = fields.int();
    attributes[KEY.output] = output;
    // Output 1 is what the engine stop command drives (not set by Traccar; the web app shows it).
    attributes[KEY.blocked] = output % 2 === 1;
  }

  if (type === 'ALT') {
    if (has(19)) addAlarm(position, alertAlarm(fields.int()));
    if (has(20)) setText(position, 'alertModifier', fields.text());
    if (has(21)) setText(position, 'alertData', fields.text());
  } else if (type === 'UEX') {
    decodeSerialData(fields, position);
  } else {
    if (has(19)) attributes.mode = fields.int();
    if (has(20)) attributes.reason = fields.int();
    if (has(21)) attributes[KEY.index] = fields.int();
  }
  if (has(22)) fields.skip(); // reserved
  if (has(23) && type !== 'UEX') {
    // A second mask says which of up to 31 assignable values follow.
    const assigned = fields.hex();
    for (let bit = 0; bit <= 30; bit += 1) {
      if ((assigned & (1 << bit)) !== 0) setText(position, `${PREFIX.io}${bit + 1}`, fields.text());
    }
  }
  for (let n = 1; fields.remaining > 0; n += 1) setText(position, `assign${n}`, fields.text());
  return { uniqueId, positions: [position] };
}

/** Cell id and area code are hex, country and network codes decimal; the network needs at least the cell id. */
function decodeCell(fields: Fields, has: (bit: number) => boolean, position: DecodedPosition): void {
  const cellId = has(6) ? fields.hex() : undefined;
  const mcc = has(7) ? fields.int() : undefined;
  const mnc = has(8) ? fields.int() : undefined;
  const lac = has(9) ? fields.hex() : undefined;
  if (cellId === undefined) return;
  const tower: CellTower = { cellId };
  if (lac !== undefined) tower.locationAreaCode = lac;
  if (mcc !== undefined) tower.mobileCountryCode = mcc;
  if (mnc !== undefined) tower.mobileNetworkCode = mnc;
  position.network = { radioType: 'gsm', considerIp: false, cellTowers: [tower] };
}

/** Per tag: RSSI, minimum and maximum RSSI, id, sample count, major, minor. */
function decodeBleTags(fields: Fields, position: DecodedPosition): void {
  const count = fields.int();
  for (let n = 1; n <= count; n += 1) {
    const prefix = `tag${n}`;
    position.attributes[`${prefix}Rssi`] = fields.int();
    fields.skip(2);
    position.attributes[`${prefix}Id`] = fields.text();
    position.attributes[`${prefix}Samples`] = fields.int();
    position.attributes[`${prefix}Major`] = fields.int();
    position.attributes[`${prefix}Minor`] = fields.int();
  }
}

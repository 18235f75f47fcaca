import { Fields } from './fields.ts';
import { readFix } from './fix.ts';
import type { SuntechMessage } from './message.ts';
import { blankPosition, cellNetwork, cellTower, setText, type CellTower } from './position.ts';
import { KEY } from '../../position/keys.ts';

/** ST4xx reports list seven cells, serving cell first, before the location. */
const CELL_COUNT = 7;
/** Model 41 adds a variant field and, later, two fields and a motion state. */
const MODEL_WITH_MOTION = 41;

/**
 * `ST410STT;...` and `ST410ALT;...` reports (other types are ignored, as in Traccar). Without a
 * GPS fix the date is empty and the message keeps the last known location.
 */
export function decodeSt4xxReport(values: string[], receivedAt: Date): SuntechMessage | null {
  const fields = new Fields(values);
  const type = fields.text().slice(5);
  if (type !== 'STT' && type !== 'ALT') return null;
  const uniqueId = fields.text();

  const position = blankPosition(receivedAt);
  const { attributes } = position;
  attributes[KEY.type] = type;
  setText(position, KEY.versionFw, fields.text());
  const model = fields.int();
  if (model === MODEL_WITH_MOTION) fields.skip(); // variant

  const towers: CellTower[] = [];
  for (let n = 0; n < CELL_COUNT; n += 1) {
    const cellId = fields.int();
    const mcc = fields.int();
    const mnc = fields.int();
    // The serving cell gives its signal before its area code; the neighbours the other way round.
    const first = fields.int();
    const second = fields.int();
    const [lac, rssi] = n === 0 ? [second, first] : [first, second];
    fields.skip(); // timing advance
    if (cellId > 0) towers.push(cellTower(mcc, mnc, lac, cellId, rssi));
  }
  position.network = cellNetwork(towers);

  attributes[KEY.battery] = fields.decimal();
  if (fields.text() === '0') attributes[KEY.archive] = true;
  attributes[KEY.index] = fields.int();
  attributes[KEY.status] = fields.int();
  if (fields.peek()?.length === 3) fields.skip(); // collaborative network
  if (model === MODEL_WITH_MOTION) {
    fields.skip(2); // collaborative network, temperature
    attributes[KEY.motion] = fields.int() === 2;
  }

  if (fields.peek() === '') {
    position.outdated = true;
    return { uniqueId, positions: [position] };
  }
  const time = fields.dateTime();
  position.deviceTime = time;
  position.fixTime = time;
  readFix(fields, position);
  return { uniqueId, positions: [position] };
}


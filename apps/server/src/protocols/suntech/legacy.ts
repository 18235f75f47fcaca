import type { DecodedPosition } from '../types.ts';
import { alertAlarm, emergencyAlarm } from './alarms.ts';
import { Fields, parseDecimal } from './fields.ts';
import { readFix } from './fix.ts';
import type { SuntechMessage } from './message.ts';
import type { SuntechOptions } from './options.ts';
import { addAlarm, blankPosition, cellNetwork, cellTower, outdatedPosition, setText } from './position.ts';
import { decodeSerialData } from './serial.ts';
import { KEY, PREFIX } from '../../position/keys.ts';

/** Report types that carry a location; others (keep-alive ALV, ...) only identify the device. */
const LOCATION_TYPES = new Set(['STT', 'EMG', 'EVT', 'ALT', 'UEX']);

/**
 * Reports prefixed with the model family, `SA200STT;...`, `ST300ALT;...`, `ST600EMG;...`:
 * five characters of family, the report type, then `;`-separated fields. Command results come
 * as `ST300CMD;Res;<id>;...`.
 */
export function decodeLegacyReport(values: string[], options: SuntechOptions, receivedAt: Date): SuntechMessage {
  const fields = new Fields(values);
  const head = fields.text();
  const family = head.slice(0, 5);
  const type = head.slice(5);
  const isResult = fields.peek() === 'Res';
  if (isResult) fields.skip();
  const uniqueId = fields.text();

  if (isResult) {
    const position = outdatedPosition(receivedAt);
    position.attributes[KEY.type] = type;
    position.attributes[KEY.result] = fields.rest();
    return { uniqueId, positions: [position] };
  }
  if (!LOCATION_TYPES.has(type)) return { uniqueId, positions: [] };

  // ST3xx, ST500 and ST600 report their model number; SA200 does not.
  if (family.startsWith('ST3') || family === 'ST500' || family === 'ST600') fields.skip();
  const firmware = fields.text();
  const position = blankPosition(fields.dateTime());
  const { attributes } = position;
  attributes[KEY.type] = type;
  setText(position, KEY.versionFw, firmware);

  // The serving cell id (hex): only the ST600 completes it into a cell the network can use.
  if (family !== 'ST500') {
    const cellId = fields.hex();
    if (family === 'ST600') {
      const mcc = fields.int();
      const mnc = fields.int();
      const lac = fields.hex();
      position.network = cellNetwork([cellTower(mcc, mnc, lac, cellId, fields.int())]);
    }
  }

  readFix(fields, position);
  attributes[KEY.odometer] = fields.int();
  attributes[KEY.power] = fields.decimal();
  decodeIoStates(fields.text(), position);

  switch (type) {
    case 'STT':
      attributes[KEY.status] = fields.int();
      attributes[KEY.index] = fields.int();
      break;
    case 'EMG':
      addAlarm(position, emergencyAlarm(fields.int()));
      break;
    case 'EVT':
      attributes[KEY.event] = fields.int();
      break;
    case 'ALT':
      addAlarm(position, alertAlarm(fields.int()));
      break;
    default:
      decodeSerialData(fields, position);
  }
  decodeConfiguredTail(fields, position, options);
  return { uniqueId, positions: [position] };
}

/**
 * `IO` is a string of flags: ignition, inputs 1 to 3, outputs 1 and 2. Output 1 is what the
 * engine stop command drives, so it also says whether the vehicle is `blocked` (an attribute
 * Traccar does not set for Suntech, but the web app shows).
 */
function decodeIoStates(io: string, position: DecodedPosition): void {
  if (io.length < 6) return;
  const on = (index: number) => io.charAt(index) === '1';
  Object.assign(position.attributes, {
    ignition: on(0),
    in1: on(1),
    in2: on(2),
    in3: on(3),
    out1: on(4),
    out2: on(5),
    blocked: on(4),
  });
}

/** The optional fields after the type-specific ones, as configured per Traccar's `suntech.*` settings. */
function decodeConfiguredTail(fields: Fields, position: DecodedPosition, options: SuntechOptions): void {
  if (options.hbm < 1) return;
  const { attributes } = position;
  if (fields.remaining > 0) attributes[KEY.hours] = fields.int() * 60_000;
  if (fields.remaining > 0) attributes[KEY.battery] = fields.decimal();
  // Message type: 0 = stored while out of coverage and sent later.
  if (fields.remaining > 0 && fields.text() === '0') attributes[KEY.archive] = true;
  if (options.includeAdc) {
    for (let n = 1; n <= 3 && fields.remaining > 0; n += 1) {
      if (fields.peek() === '') fields.skip();
      else attributes[`${PREFIX.adc}${n}`] = fields.decimal();
    }
  }
  if (options.includeRpm && fields.remaining > 0) attributes[KEY.rpm] = fields.int();
  // The driver id and its registration flag, when enough fields are left for them.
  if (fields.remaining >= (options.hbm === 1 ? 2 : 7)) {
    setText(position, KEY.driverUniqueId, fields.text());
    fields.skip();
  }
  if (options.includeTemp) {
    for (let n = 1; n <= 3; n += 1) {
      const sensor = fields.text();
      const value = sensor.slice(sensor.indexOf(':') + 1);
      if (value !== '') attributes[`${PREFIX.temp}${n}`] = parseDecimal(value);
    }
  }
  if (options.hbm >= 2 && fields.remaining >= 5) {
    const cellId = fields.int();
    const mcc = fields.int();
    const mnc = fields.int();
    const rssi = fields.int();
    position.network = cellNetwork([cellTower(mcc, mnc, fields.int(), cellId, rssi)]);
  }
}

/** `ST300HTE;<id>;...;<driver id>`: a travel summary; Traccar keeps only the driver id. */
export function decodeTravelReport(values: string[], receivedAt: Date): SuntechMessage {
  const fields = new Fields(values);
  fields.skip();
  const uniqueId = fields.text();
  const position = outdatedPosition(receivedAt);
  setText(position, KEY.driverUniqueId, values[values.length - 1]);
  return { uniqueId, positions: [position] };
}

import { ProtocolError } from '../codec.ts';
import type { DecodedPosition } from '../types.ts';
import { applyAnalog, applyDeviceStatus } from './io.ts';
import { readLocation } from './location.ts';
import { newPosition, readHeader, set, setFixTime, type DecodeContext, type Report } from './position.ts';
import { Fields, parseDecimal, parseHex, parseHours, parseInteger } from './values.ts';

/** Bits of the ERI mask: which accessory blocks follow the fixed part. */
const DIGITAL_FUEL = 1 << 0;
const ONE_WIRE = 1 << 1;
const CAN = 1 << 2;
const FUEL_PERCENTAGE = 1 << 3;
const FUEL_VOLUME = 1 << 4;
const RF433 = 1 << 7;
const BLE = 1 << 8;

/**
 * ERI, the fixed report with extended information: like FRI, followed by the accessory blocks
 * its mask announces (fuel sensors, 1-Wire temperature probes, RF433 and BLE sensors). Which
 * fields sit between the fixes and the accessories depends on the model.
 */
export function decodeExtendedReport(fields: Fields, context: DecodeContext): Report {
  const { model, uniqueId } = readHeader(fields, context);
  fields.skip(); // device name
  const mask = parseHex(fields.next());
  const power = fields.int();
  fields.skip(); // report type
  const count = parseInteger(fields.next());

  let positions: DecodedPosition[] = [];
  for (let n = 0; n < count; n += 1) {
    const position = newPosition(context);
    readLocation(position, fields, model);
    positions.push(position);
  }
  const last = positions.at(-1);
  if (!last) throw new ProtocolError('gl200: ERI report without a fix');
  if (power !== undefined) set(last, 'power', power / 1000);

  const personal = model.startsWith('GL5');
  if (!personal) {
    const odometer = fields.decimal();
    if (odometer !== undefined) set(last, 'odometer', odometer * 1000);
  }
  if (!personal && model !== 'GL320M') {
    set(last, 'hours', parseHours(fields.next()));
    analog(last, 1, fields);
  }
  if (model.startsWith('GV') && !model.startsWith('GV6') && model !== 'GV350M') analog(last, 2, fields);
  if (model === 'GV200' || model === 'GV310LAU') analog(last, 3, fields);
  if ((model.startsWith('GV3') && model.endsWith('CEU')) || model.startsWith('GV600M')) fields.skip(); // reserved

  if (personal) {
    set(last, 'batteryLevel', fields.int());
    fields.skip(); // mode selection
    const motion = fields.int();
    if (motion !== undefined) set(last, 'motion', motion > 0);
  } else if (model === 'GV200') {
    set(last, 'input', fields.hex());
    set(last, 'output', fields.hex());
    fields.skip(); // UART device type
  } else if (model === 'GL320M') {
    set(last, 'batteryLevel', fields.int());
    if (mask & RF433) set(last, 'externalBattery', fields.int());
  } else {
    set(last, 'batteryLevel', fields.int());
    const status = fields.hex();
    if (status !== undefined) applyDeviceStatus(last, status);
    fields.skip(); // reserved, or UART device type
  }

  const time = fields.time();
  if (context.ignoreFixTime) {
    setFixTime(last, time);
    positions = [last];
  } else {
    last.deviceTime = time;
  }

  readAccessories(last, fields, mask, model);
  return { uniqueId, positions };
}

function analog(position: DecodedPosition, index: number, fields: Fields): void {
  const value = fields.next();
  if (value !== '') applyAnalog(position, index, value);
}

function readAccessories(position: DecodedPosition, fields: Fields, mask: number, model: string): void {
  if (mask & DIGITAL_FUEL && model !== 'GV350M') set(position, 'fuel', fields.hex());

  if (mask & ONE_WIRE) {
    const probes = parseInteger(fields.next());
    for (let n = 1; n <= probes; n += 1) {
      fields.skip(2); // id and type
      const raw = fields.hex();
      // A signed 16-bit value in sixteenths of a degree.
      if (raw !== undefined) set(position, `temp${n}`, (((raw & 0xffff) ^ 0x8000) - 0x8000) * 0.0625);
    }
  }

  // The CAN block's layout is not known: nothing after it can be read.
  if (mask & CAN) return;

  const fuelSensors = mask & (FUEL_PERCENTAGE | FUEL_VOLUME) || (mask & DIGITAL_FUEL && model === 'GV350M');
  if (fuelSensors && fields.index < fields.length - 2) {
    const sensors = parseInteger(fields.next());
    for (let n = 1; n <= sensors; n += 1) {
      fields.skip(); // type
      if (model === 'GV350M') {
        fields.skip(); // UART id
        if (mask & DIGITAL_FUEL) set(position, 'fuel', parseHex(fields.next()));
      }
      if (mask & FUEL_PERCENTAGE) set(position, 'fuel', parseDecimal(fields.next()));
      if (mask & FUEL_VOLUME) fields.skip();
    }
  }

  if (mask & RF433 && model !== 'GL320M') {
    const sensors = parseInteger(fields.next());
    for (let n = 1; n <= sensors; n += 1) {
      fields.skip(); // serial number
      const type = parseInteger(fields.next());
      fields.skip(type === 2 ? 2 : 1); // temperature, and humidity for type 2
    }
  }

  if (mask & BLE && model !== 'GL320M') {
    const sensors = parseInteger(fields.next());
    for (let n = 1; n <= sensors; n += 1) readBleSensor(position, fields, n, model);
  }
}

/** A BLE accessory: index, type, model, raw data, then the fields its own mask announces. */
function readBleSensor(position: DecodedPosition, fields: Fields, n: number, model: string): void {
  fields.skip(3); // index, type and model
  if (model.startsWith('GV600M')) fields.skip(); // raw data length
  fields.skip(); // raw data
  const mask = parseHex(fields.next());
  const has = (bit: number) => (mask & (1 << bit)) !== 0;
  if (has(0)) fields.skip(); // name
  if (has(1)) set(position, `tag${n}Id`, fields.next());
  if (has(2)) fields.skip(); // status
  if (has(3)) fields.skip(); // battery level
  if (has(4)) set(position, `tag${n}Temp`, fields.decimal());
  if (has(5)) set(position, `tag${n}Humidity`, fields.int());
  // input/output, event notification, tire pressure, timestamp, enhanced temperature, magnet
  for (const bit of [7, 8, 9, 10, 11, 12]) if (has(bit)) fields.skip();
  if (has(13)) set(position, `tag${n}Battery`, fields.int());
  if (has(14)) fields.skip(); // relay
}

import type { Alarm } from '@rastro/api';
import { KNOTS_PER_KMH } from '@rastro/api';
import { KEY, PREFIX } from '../../position/keys.ts';
import { ByteReader } from '../kit/byte-reader.ts';
import type { DecodedPosition } from '../types.ts';
import { forEachEntry } from './entries.ts';
import { applyCoordinates, readCoordinates, readPositionBlock, type DeviceContext } from './location.ts';
import { decodeObdRealTime } from './obd.ts';
import { addAlarm, fixPosition, hex, javaTrim, setText, statusPosition } from './position.ts';
import { readBcdTime } from './time.ts';

/** Alarm entry ids of the 0xF0 vehicle data alarm report. */
const VEHICLE_ALARMS = new Map<number, Alarm>([
  [0x01, 'powerRestored'],
  [0x02, 'powerCut'],
  [0x0e, 'idle'],
  [0x1a, 'hardAcceleration'],
  [0x1b, 'hardBraking'],
  [0x1c, 'hardCornering'],
  [0x1d, 'laneChange'], [0x1e, 'laneChange'], [0x1f, 'laneChange'],
  [0x23, 'fatigueDriving'],
  [0x25, 'overspeed'],
  [0x26, 'accident'], [0x27, 'accident'], [0x28, 'accident'],
  [0x31, 'door'], [0x32, 'door'],
]);

/** Driving events of the 0xF0 0x15 report that are alarms. */
const EVENT_ALARMS = new Map<number, Alarm>([
  [51, 'hardAcceleration'],
  [52, 'hardBraking'],
  [53, 'hardCornering'],
  [54, 'laneChange'],
  [56, 'accident'],
]);

/**
 * Data passed through the terminal (0x0900), by its first byte: text (0x40: a driver's card
 * swipe, or anything else as `data`), OBD text (0x41), vehicle data (0xF0), an accident record
 * (0xFF), a collision (0xF3) and sensor tags (0x53, 0x54). Null for what Traccar leaves undecoded.
 */
export function decodeTransparent(body: Buffer, context: DeviceContext, receivedAt: Date): DecodedPosition | null {
  const reader = new ByteReader(body, 'jt808 transparent data');
  const type = reader.u8();
  switch (type) {
    case 0x40: return decodeText(javaTrim(reader.rest().toString('latin1')), receivedAt);
    case 0x41: {
      const position = statusPosition(receivedAt);
      decodeObdRealTime(javaTrim(reader.rest().toString('latin1')), position.attributes);
      return position;
    }
    case 0xf0: return decodeVehicleData(reader, context);
    case 0xff: {
      const position = fixPosition(readBcdTime(reader, context.zone));
      position.valid = true;
      position.latitude = reader.i32() / 1e6;
      position.longitude = reader.i32() / 1e6;
      position.altitude = reader.i16();
      position.speed = (reader.u16() / 10) * KNOTS_PER_KMH;
      position.course = reader.u16();
      return position;
    }
    case 0xf3: return decodeCollision(reader, context, receivedAt);
    case 0x53:
    case 0x54: {
      const position = readPositionBlock(reader, context);
      if (type === 0x53) decodeTags(reader, position);
      else decodeSensorSamples(reader, position);
      return position;
    }
    default: return null;
  }
}

/** `GTSL|…` is a card swipe whose fifth field is the driver's id; other text is kept as is. */
function decodeText(text: string, receivedAt: Date): DecodedPosition | null {
  const position = statusPosition(receivedAt);
  if (text.startsWith('GTSL')) {
    const fields = text.split('|');
    if (fields.length > 4) setText(position.attributes, KEY.driverUniqueId, fields[4]);
  } else {
    setText(position.attributes, 'data', text);
  }
  return Object.keys(position.attributes).length > 0 ? position : null;
}

/**
 * Vehicle data (Jimi/Concox OBD boxes): time, archive flag, vehicle type, then by kind: OBD
 * values, trouble codes or alarms (each followed by the location), a trip summary, the VIN or a
 * driving event (without location).
 */
function decodeVehicleData(reader: ByteReader, context: DeviceContext): DecodedPosition | null {
  const time = readBcdTime(reader, context.zone);
  const archive = reader.u8() > 0;
  reader.skip(1); // vehicle type
  const kind = reader.u8();
  let position: DecodedPosition;
  switch (kind) {
    case 0x01:
    case 0x02:
    case 0x03:
      position = fixPosition(time);
      if (kind === 0x01) decodeObdValues(reader, position);
      else if (kind === 0x02) decodeTroubleCodes(reader, position);
      else decodeVehicleAlarms(reader, position);
      applyCoordinates(position, readCoordinates(reader), context.model);
      break;
    case 0x04:
      position = statusPosition(time);
      decodeTrip(reader, position);
      break;
    case 0x0b:
      position = statusPosition(time);
      if (reader.u8() > 0) setText(position.attributes, KEY.vin, reader.ascii(17));
      break;
    case 0x15: {
      position = statusPosition(time);
      const event = reader.i32();
      const alarm = EVENT_ALARMS.get(event);
      if (alarm) addAlarm(position, alarm);
      else position.attributes[KEY.event] = event;
      break;
    }
    default:
      return null;
  }
  if (archive) position.attributes[KEY.archive] = true;
  return position;
}

function decodeObdValues(reader: ByteReader, position: DecodedPosition): void {
  const attributes = position.attributes;
  const count = reader.u8();
  for (let index = 0; index < count; index += 1) {
    const id = reader.u16();
    const length = reader.u8();
    switch (id) {
      case 0x0102: case 0x0528: case 0x0546: attributes[KEY.odometer] = reader.u32() * 100; break;
      case 0x0103: attributes[KEY.fuel] = reader.u32() / 100; break;
      case 0x0111: attributes.fuelTemp = reader.u8() - 40; break;
      case 0x012e: attributes.oilLevel = reader.u16() / 10; break;
      case 0x052a: attributes[KEY.fuel] = reader.u16() / 100; break;
      case 0x0105: case 0x052c: attributes[KEY.fuelUsed] = reader.u32() / 100; break;
      case 0x014a: case 0x0537: case 0x0538: case 0x0539: attributes[KEY.fuelConsumption] = reader.u16() / 100; break;
      case 0x052b: attributes[KEY.fuel] = reader.u8(); break;
      case 0x052d: attributes.coolantTemp = reader.u8() - 40; break;
      case 0x052e: attributes.airTemp = reader.u8() - 40; break;
      case 0x0530: attributes[KEY.power] = reader.u16() / 1000; break;
      case 0x0535: attributes[KEY.obdSpeed] = reader.u16() / 10; break;
      case 0x0536: attributes[KEY.rpm] = reader.u16(); break;
      case 0x053d: attributes.intakePressure = reader.u16() / 10; break;
      case 0x0544: attributes.liquidLevel = reader.u8(); break;
      case 0x0547: case 0x0548: attributes[KEY.throttle] = reader.u8(); break;
      case 0xfeec: setText(attributes, KEY.vin, reader.ascii(length)); break;
      default:
        // Unknown values of 1, 2 or 4 bytes are kept by id.
        if (length === 1 || length === 2 || length === 4) attributes[`${PREFIX.io}${id}`] = reader.uint(length);
        else reader.skip(length);
    }
  }
}

/** Trouble codes by system: system id, then per code its number, status and text. */
function decodeTroubleCodes(reader: ByteReader, position: DecodedPosition): void {
  const codes: string[] = [];
  const systems = reader.u16();
  for (let system = 0; system < systems; system += 1) {
    reader.skip(4); // system id
    const count = reader.u16();
    for (let code = 0; code < count; code += 1) {
      reader.skip(8); // code number, status
      codes.push(javaTrim(reader.ascii(reader.u16())));
    }
  }
  setText(position.attributes, KEY.dtcs, codes.join(' '));
}

function decodeVehicleAlarms(reader: ByteReader, position: DecodedPosition): void {
  const count = reader.u8();
  for (let index = 0; index < count; index += 1) {
    const id = reader.u8();
    reader.skip(reader.u8());
    addAlarm(position, VEHICLE_ALARMS.get(id) ?? null);
  }
}

/** A trip's number; once it has ended (property 2), its idling, distance and fuel. */
function decodeTrip(reader: ByteReader, position: DecodedPosition): void {
  const attributes = position.attributes;
  const property = reader.u8();
  attributes.tripNumber = reader.u32();
  reader.skip(6); // start time
  if (property !== 0x02) return;
  reader.skip(6 + 8 + 8 + 1); // end time, start and end locations, location flags
  attributes.idlingCount = reader.u16();
  attributes.idlingTime = reader.u16();
  attributes[KEY.tripOdometer] = reader.u16() * 100;
  attributes.tripFuel = reader.u16() / 100;
}

/** Collision record: entries of a 2-byte id and length; the collision's strength and its time. */
function decodeCollision(reader: ByteReader, context: DeviceContext, receivedAt: Date): DecodedPosition {
  let collision: number | undefined;
  let time = receivedAt;
  forEachEntry(reader, 2, 2, (id, value) => {
    if (id === 0x0002) collision = value.u16() / 256 / 100;
    else if (id === 0x0006) time = readBcdTime(value, context.zone);
  });
  const position = statusPosition(time);
  if (collision !== undefined) position.attributes.collision = collision;
  return position;
}

/** Bluetooth tags heard: index, MAC, signal and their raw data. */
function decodeTags(reader: ByteReader, position: DecodedPosition): void {
  reader.skip(1); // node count over all packages
  while (reader.remaining > 0) {
    const tag = `tag${reader.u8() + 1}`;
    position.attributes[`${tag}Mac`] = hex(reader.bytes(6));
    position.attributes[`${tag}Rssi`] = reader.i8();
    setText(position.attributes, `${tag}Data`, hex(reader.bytes(reader.u8())));
  }
}

/** Sensor samples: a mask of the readings present, the sample time, the readings. */
function decodeSensorSamples(reader: ByteReader, position: DecodedPosition): void {
  const attributes = position.attributes;
  while (reader.remaining > 0) {
    const mask = reader.u16();
    reader.skip(6); // sample time
    if (mask & 0x01) attributes.lightSensor = reader.u16();
    if (mask & 0x02) {
      attributes.deviceTemp = reader.i16() / 10;
      attributes.humidity = reader.i16() / 10;
    }
    if (mask & 0x04) attributes[`${PREFIX.temp}3`] = reader.i16() / 10;
    if (mask & 0x08) reader.skip(6); // acceleration
    if (mask & 0x10) attributes.airPressure = reader.u16();
  }
}

import { KNOTS_PER_KMH, type Attributes } from '@rastro/api';
import type { ByteReader } from '../kit/byte-reader.ts';
import { buildNetwork, type CellTower, type WifiAccessPoint } from '../kit/network.ts';
import type { DecodedPosition } from '../types.ts';
import { addAlarm, KEY, PREFIX } from '../../position/keys.ts';
import { alarmOf } from './alarms.ts';
import { coordinate, epochSeconds, fixPosition, MessageType, readStatus, statusPosition } from './position.ts';

/** Bits of the byte after the time: which location blocks follow. */
const HAS_FIX = 0x01;
const CELL_FLAGS = [0x02, 0x04, 0x08];
const WIFI_FLAGS = [0x10, 0x20, 0x40];
const HAS_LTE = 0x80;
/** Temperature/humidity/light/CO2 block of sensor models. */
const ENVIRONMENT_SIZE = 12;

/**
 * The 0x12… messages (normal, warning, report, command, OBD): time, a mask of the location blocks
 * that follow (fix, up to three GSM cells, three Wi-Fi access points, LTE cells), then the type's
 * own fields. Without a fix the last known location stands.
 */
export function decodeReport(type: number, index: number, reader: ByteReader): DecodedPosition {
  const time = epochSeconds(reader.u32());
  const mask = reader.u8();
  let position: DecodedPosition;
  if (mask & HAS_FIX) {
    position = fixPosition(time, false);
    position.latitude = coordinate(reader.i32());
    position.longitude = coordinate(reader.i32());
    position.altitude = reader.i16();
    position.speed = reader.u16() * KNOTS_PER_KMH;
    position.course = reader.u16();
    position.attributes.sat = reader.u8();
  } else {
    position = statusPosition(time);
  }
  position.attributes[KEY.index] = index;
  position.network = buildNetwork(...readNetwork(reader, mask));
  if (type === MessageType.warning) addAlarm(position.attributes, alarmOf(reader.u8()));
  else if (type === MessageType.report) reader.skip(1); // report type
  if (type === MessageType.normal || type === MessageType.warning || type === MessageType.report) readStatus(reader.u16(), position);
  if (type === MessageType.normal) readNormal(reader, position.attributes);
  return position;
}

function readNetwork(reader: ByteReader, mask: number): [CellTower[], WifiAccessPoint[]] {
  const cells: CellTower[] = [];
  const wifis: WifiAccessPoint[] = [];
  // The serving network's codes come with the first cell and hold for the others.
  let mcc = 0;
  let mnc = 0;
  CELL_FLAGS.forEach((flag, i) => {
    if (!(mask & flag)) return;
    if (i === 0) [mcc, mnc] = [reader.u16(), reader.u16()];
    const lac = reader.u16();
    const cellId = reader.u32();
    cells.push({ mobileCountryCode: mcc, mobileNetworkCode: mnc, locationAreaCode: lac, cellId, signalStrength: reader.u8() });
  });
  for (const flag of WIFI_FLAGS) {
    if (!(mask & flag)) continue;
    const macAddress = [...reader.bytes(6)].map((byte) => byte.toString(16).padStart(2, '0')).join(':');
    wifis.push({ macAddress, signalStrength: reader.u8() });
  }
  if (mask & HAS_LTE) {
    reader.skip(1); // radio access technology
    const count = reader.u8();
    let lac = 0;
    if (count > 0) {
      [mcc, mnc, lac] = [reader.u16(), reader.u16(), reader.u16()];
      reader.skip(2 + 4 + 2); // tac, serving cell id, timing advance
    }
    for (let i = 0; i < count; i++) {
      const cellId = reader.u16(); // physical cell id
      reader.skip(2); // E-ARFCN
      cells.push({ mobileCountryCode: mcc, mobileNetworkCode: mnc, locationAreaCode: lac, cellId, signalStrength: reader.u8() });
    }
  }
  return [cells, wifis];
}

/** What a normal message may add, each group present only when the device's model sends it. */
function readNormal(reader: ByteReader, attributes: Attributes): void {
  if (reader.remaining >= 2) attributes[KEY.battery] = reader.u16() / 1000;
  if (reader.remaining >= 4) {
    attributes[`${PREFIX.adc}0`] = reader.u16();
    attributes[`${PREFIX.adc}1`] = reader.u16();
  }
  if (reader.remaining >= 4) attributes[KEY.odometer] = reader.u32();
  if (reader.remaining >= 4) reader.skip(4); // GSM and GPS counters
  if (reader.remaining >= 4) {
    attributes[KEY.steps] = reader.u16();
    reader.skip(2); // walking time
  }
  if (reader.remaining >= ENVIRONMENT_SIZE) {
    attributes[`${PREFIX.temp}1`] = reader.i16() / 256;
    attributes.humidity = reader.u16() / 10;
    attributes.illuminance = reader.u32() / 256;
    attributes.co2 = reader.u32();
  }
  if (reader.remaining >= 2) attributes[`${PREFIX.temp}2`] = reader.i16() / 16;
  if (reader.remaining >= 2) readTags(reader, attributes);
}

/** Bluetooth tags heard by the device: id, battery, temperature and a data word each. */
function readTags(reader: ByteReader, attributes: Attributes): void {
  const count = reader.u8();
  reader.skip(1); // id
  for (let tag = 1; tag <= count; tag++) {
    attributes[`tag${tag}Id`] = reader.bcd(6);
    reader.skip(4); // signal level, reserved, model, version
    attributes[`tag${tag}Battery`] = reader.u16() / 1000;
    attributes[`tag${tag}Temp`] = reader.i16() / 256;
    attributes[`tag${tag}Data`] = reader.u16();
  }
}

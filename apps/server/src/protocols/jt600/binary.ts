import type { Attributes } from '@rastro/api';
import type { ConnectionState, DecodeResult } from '../codec.ts';
import { ByteReader } from '../kit/byte-reader.ts';
import { buildNetwork } from '../kit/network.ts';
import type { DecodedPosition } from '../types.ts';
import { addAlarm, KEY } from '../../position/keys.ts';
import { isLongFormat } from './frame.ts';
import { readLocation } from './location.ts';
import { localCell } from './position.ts';

/** A record is at least its location; fewer bytes left are the trailing index. */
const LOCATION_SIZE = 17;
/** Long-format protocol versions whose records end with a geofence id and reserved bytes. */
const GEOFENCE_VERSIONS = new Set([0x17, 0x19]);
/** From this protocol version on, the acknowledgement names the record index. */
const INDEXED_ACK_VERSION = 0x19;

const bit = (value: number, index: number) => ((value >>> index) & 1) === 1;

/**
 * `$` binary reports: '$', the id as 10 BCD digits, [protocol version], version (high nibble) and
 * length, then records of the same layout, then an index byte. The long format (JT701 family)
 * asks for an acknowledgement through a status bit; the short formats get none.
 */
export function decodeBinary(frame: Buffer, state: ConnectionState): DecodeResult {
  const reader = new ByteReader(frame, 'jt600 binary report');
  const long = isLongFormat(frame);
  reader.skip(1);
  const uniqueId = reader.bcd(5).replace(/^0+/, '');
  const protocolVersion = long ? reader.u8() : 0;
  const version = reader.u8() >> 4;
  reader.skip(2); // length
  const positions: DecodedPosition[] = [];
  let acknowledge = false;
  while (reader.remaining >= LOCATION_SIZE) {
    const position = readLocation(reader);
    if (long) acknowledge = readLongRecord(reader, position, protocolVersion, state) || acknowledge;
    else if (version === 1) readVersion1(reader, position, state);
    else if (version === 2) readVersion2(reader, position.attributes);
    else if (version === 3) readVersion3(reader, position.attributes);
    positions.push(position);
  }
  const index = reader.u8();
  if (!acknowledge) return { uniqueId, positions };
  const reply = protocolVersion < INDEXED_ACK_VERSION ? '(P35)' : `(P69,0,${index})`;
  return { uniqueId, positions, reply: Buffer.from(reply, 'latin1') };
}

/** Returns whether the record asks for an acknowledgement. */
function readLongRecord(reader: ByteReader, position: DecodedPosition, protocolVersion: number, state: ConnectionState): boolean {
  const attributes = position.attributes;
  attributes[KEY.odometer] = reader.u32() * 1000;
  attributes.sat = reader.u8();
  reader.skip(4); // vehicle id
  const status = reader.u16();
  if (bit(status, 1)) addAlarm(attributes, 'geofenceEnter');
  if (bit(status, 2)) addAlarm(attributes, 'geofenceExit');
  if (bit(status, 3)) addAlarm(attributes, 'powerCut');
  if (bit(status, 4)) addAlarm(attributes, 'vibration');
  attributes[KEY.blocked] = bit(status, 7);
  if (bit(status, 11)) addAlarm(attributes, 'lowBattery');
  if (bit(status, 14)) addAlarm(attributes, 'fault');
  attributes[KEY.status] = status;
  const battery = reader.u8();
  if (battery === 0xff) attributes[KEY.charge] = true;
  else attributes[KEY.batteryLevel] = battery;
  const cellId = reader.u16();
  const lac = reader.u16();
  position.network = buildNetwork([localCell(state, cellId, lac, reader.u8())], []);
  if (GEOFENCE_VERSIONS.has(protocolVersion)) {
    reader.skip(4); // geofence id, reserved
    reader.skip(Math.max(0, reader.remaining - 1)); // sensor data up to the index
  }
  return bit(status, 5);
}

function readVersion1(reader: ByteReader, position: DecodedPosition, state: ConnectionState): void {
  position.attributes.sat = reader.u8();
  position.attributes[KEY.power] = reader.u8();
  reader.skip(1); // other flags and sensors
  position.altitude = reader.u16();
  const cellId = reader.u16();
  const lac = reader.u16();
  const rssi = reader.u8();
  if (cellId !== 0 && lac !== 0) position.network = buildNetwork([localCell(state, cellId, lac, rssi)], []);
  else position.attributes[KEY.rssi] = rssi;
}

/** Fuel (its two bytes around the status and odometer), four status bytes, odometer in km. */
function readVersion2(reader: ByteReader, attributes: Attributes): void {
  const fuelHigh = reader.u8();
  const [inputs, alarms, driving] = [reader.u8(), reader.u8(), reader.u8()];
  reader.skip(1); // reserved
  attributes[KEY.ignition] = bit(inputs, 0);
  attributes[KEY.door] = bit(inputs, 6);
  attributes[KEY.charge] = bit(alarms, 0);
  attributes[KEY.blocked] = bit(alarms, 1);
  if (bit(alarms, 2)) addAlarm(attributes, 'sos');
  if (bit(alarms, 3) || bit(alarms, 4)) addAlarm(attributes, 'gpsAntennaCut');
  if (bit(alarms, 4)) addAlarm(attributes, 'overspeed');
  if (bit(driving, 2)) addAlarm(attributes, 'fatigueDriving');
  if (bit(driving, 3)) addAlarm(attributes, 'tow');
  attributes[KEY.odometer] = reader.u32() * 1000;
  attributes[KEY.fuel] = fuelHigh * 256 + reader.u8();
}

/** Ten bytes of bit fields: three 12-bit fuel sensors, a 20-bit odometer in km, a 24-bit status. */
function readVersion3(reader: ByteReader, attributes: Attributes): void {
  const bits = BigInt(`0x${reader.bytes(10).toString('hex')}`);
  const take = (width: number, shift: number) => Number((bits >> BigInt(shift)) & ((1n << BigInt(width)) - 1n));
  const status = take(24, 0);
  attributes[KEY.odometer] = take(20, 24) * 1000;
  attributes.fuel3 = take(12, 44);
  attributes.fuel2 = take(12, 56);
  attributes.fuel1 = take(12, 68);
  attributes[KEY.ignition] = bit(status, 0);
  attributes[KEY.status] = status;
}

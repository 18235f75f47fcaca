import { KNOTS_PER_KMH } from '@rastro/api';
import { KEY } from '../../position/keys.ts';
import { ProtocolError } from '../codec.ts';
import { ByteReader } from '../kit/byte-reader.ts';
import { buildNetwork, type CellTower, type WifiAccessPoint } from '../kit/network.ts';
import type { DecodedPosition } from '../types.ts';
import { decodeAlarms } from './alarms.ts';
import type { ItemContext } from './item-context.ts';
import { ITEMS } from './items.ts';
import { decodeObdExtension } from './obd.ts';
import { fixPosition } from './position.ts';
import { readBcdTime } from './time.ts';

/** What decoding a report depends on besides its bytes. */
export interface DeviceContext {
  /** The device's model, upper-case ('' when not set). */
  model: string;
  /** The terminal's time zone, in which it writes its times. */
  zone: string;
}

/** Items after which the rest of the report is a list of OBD entries (item 0x80 holds one byte). */
const OBD_EXTENSION = 0x80;
/** A location followed by this many bytes carries a vendor's fixed block instead of items. */
const FIXED_BLOCK_LENGTH = 18;

/** The status double word and the coordinates that follow it (millionths of a degree, signs in the status). */
export interface Coordinates {
  status: number;
  latitude: number;
  longitude: number;
}

export function readCoordinates(reader: ByteReader): Coordinates {
  return { status: reader.u32(), latitude: reader.u32() / 1e6, longitude: reader.u32() / 1e6 };
}

/** The status bits Traccar reads, and the fix (bit 1: positioned; bits 2 and 3: south, west). */
export function applyCoordinates(position: DecodedPosition, { status, latitude, longitude }: Coordinates, model: string): void {
  const attributes = position.attributes;
  attributes[KEY.ignition] = (status & 0x01) !== 0;
  if (model === 'G1C PRO') attributes[KEY.motion] = (status & 0x10) !== 0;
  attributes[KEY.blocked] = (status & 0x400) !== 0; // oil circuit cut
  if (model === 'MV810G' || model === 'MV710G') attributes[KEY.door] = (status & 0x10000) !== 0;
  attributes[KEY.charge] = (status & 0x4000000) !== 0;
  position.valid = (status & 0x02) !== 0;
  position.latitude = status & 0x04 ? -latitude : latitude;
  position.longitude = status & 0x08 ? -longitude : longitude;
}

/**
 * Status, coordinates, altitude (m), speed (1/10 km/h), course and time: the basic information of
 * a location report, which some vendor messages reuse.
 */
export function readPositionBlock(reader: ByteReader, context: DeviceContext): DecodedPosition {
  const coordinates = readCoordinates(reader);
  const altitude = reader.i16();
  const speed = reader.u16();
  const course = reader.u16();
  const position = fixPosition(readBcdTime(reader, context.zone));
  applyCoordinates(position, coordinates, context.model);
  position.altitude = altitude;
  position.speed = (speed / 10) * KNOTS_PER_KMH;
  position.course = course;
  return position;
}

/** A location report (0x0200, or one entry of a batch): alarm flags, the basic information, then additional items. */
export function decodeLocation(body: Buffer, context: DeviceContext): DecodedPosition {
  const reader = new ByteReader(body, 'jt808 location');
  const alarms = reader.u32();
  const position = readPositionBlock(reader, context);
  decodeAlarms(position, context.model, alarms);
  if (reader.remaining === FIXED_BLOCK_LENGTH) decodeFixedBlock(reader, position);
  else decodeItems(reader.rest(), position, context.model);
  return position;
}

/** Remaining battery and mileage, odometer in km, battery in 1/10 V, area, signal. */
function decodeFixedBlock(reader: ByteReader, position: DecodedPosition): void {
  reader.skip(4);
  position.attributes[KEY.odometer] = reader.u32() * 1000;
  position.attributes[KEY.battery] = reader.u16() / 10;
  reader.skip(4); // area id
  position.attributes[KEY.rssi] = reader.u8();
}

/**
 * Additional items: id, length, value. An item that runs past the report, or whose fields do,
 * ends the list: the location and the items before it are kept (the device is acknowledged
 * either way, and resending the report would not mend it).
 */
function decodeItems(items: Buffer, position: DecodedPosition, model: string): void {
  const cells: CellTower[] = [];
  const wifis: WifiAccessPoint[] = [];
  const context: ItemContext = { position, attributes: position.attributes, model, cells, wifis };
  let at = 0;
  while (items.length - at >= 2) {
    const type = items[at];
    const length = items[at + 1];
    const data = new ByteReader(items.subarray(at + 2), `jt808 item ${type.toString(16)}`);
    try {
      if (type === OBD_EXTENSION) {
        data.skip(1);
        decodeObdExtension(data, position.attributes);
        break;
      }
      if (at + 2 + length > items.length) break;
      ITEMS.get(type)?.(data, length, context);
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      break;
    }
    at += 2 + length;
  }
  position.network = buildNetwork(cells, wifis);
}

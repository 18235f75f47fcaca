import { KNOTS_PER_KMH } from '@rastro/api';
import { ByteReader } from '../kit/byte-reader.ts';
import { decodedPosition } from '../../position/create.ts';
import { KEY } from '../../position/keys.ts';
import type { DecodedPosition } from '../types.ts';
import { IoValues } from './io.ts';

export const RUPTELA_PROTOCOL = 'ruptela';

/** A coordinate of 0x80000000: the record has no fix. */
const NO_FIX = -0x80000000;
const IO_WIDTHS = [1, 2, 4, 8];

interface Assembled {
  position: DecodedPosition;
  io: IoValues;
}

/**
 * Records (command 1) and extended records (command 68, two-byte event and IO ids): records
 * left, record count, then each record: time, time extension, [record extension,] priority,
 * longitude, latitude, altitude, course, satellites, speed, HDOP, event, then IO values
 * grouped by width. An extended record whose extension says it continues a merged record
 * (current part 1..count) adds its IO values to the position of the part before it.
 */
export function decodeRecords(reader: ByteReader, extended: boolean): DecodedPosition[] {
  reader.skip(1); // records left in the device
  const count = reader.u8();
  const assembled: Assembled[] = [];
  for (let i = 0; i < count; i++) {
    const time = new Date(reader.u32() * 1000);
    reader.skip(1); // time extension
    let continued = false;
    if (extended) {
      const extension = reader.u8();
      const part = extension & 0x0f;
      continued = part > 0 && part <= extension >> 4;
    }
    reader.skip(1); // priority
    const previous = continued ? assembled.at(-1) : undefined;
    const current = previous ?? newPosition(time);
    const fix = readFix(reader);
    // A continuation keeps the fix of its first part; when that part came in an earlier packet
    // (and is stored already), this one is outdated.
    if (!previous) {
      if (fix && !continued) applyFix(current.position, fix);
      else current.position.outdated = true;
    }
    current.position.attributes[KEY.event] = extended ? reader.u16() : reader.u8();
    for (const width of IO_WIDTHS) {
      for (let n = reader.u8(); n > 0; n--) {
        const id = extended ? reader.u16() : reader.u8();
        current.io.set(id, reader.bytes(width));
      }
    }
    if (!previous) assembled.push(current);
  }
  return assembled.map(({ position, io }) => {
    io.finish();
    return position;
  });
}

function newPosition(time: Date): Assembled {
  const position = decodedPosition(RUPTELA_PROTOCOL, time, { valid: false, outdated: false });
  return { position, io: new IoValues(position) };
}

interface Fix {
  latitude: number;
  longitude: number;
  altitude: number;
  course: number;
  speed: number;
  sat: number;
  hdop: number;
}

/** The record's location, or null when it has none (the 8 bytes after the coordinates are then unused). */
function readFix(reader: ByteReader): Fix | null {
  const longitude = reader.i32();
  const latitude = reader.i32();
  const rest = new ByteReader(reader.bytes(8), 'ruptela fix');
  if (longitude === NO_FIX || latitude === NO_FIX) return null;
  return {
    latitude: latitude / 1e7,
    longitude: longitude / 1e7,
    altitude: rest.u16() / 10,
    course: rest.u16() / 100,
    sat: rest.u8(),
    speed: rest.u16() * KNOTS_PER_KMH,
    hdop: rest.u8() / 10,
  };
}

function applyFix(position: DecodedPosition, { latitude, longitude, altitude, course, speed, sat, hdop }: Fix): void {
  Object.assign(position, { valid: true, latitude, longitude, altitude, course, speed });
  position.attributes[KEY.sat] = sat;
  position.attributes[KEY.hdop] = hdop;
}

import { KNOTS_PER_KMH } from '@rastro/api';
import { ProtocolError } from '../codec.ts';
import type { ByteReader } from '../kit/byte-reader.ts';
import { decodedPosition } from '../../position/create.ts';
import { KEY } from '../../position/keys.ts';
import type { DecodedPosition } from '../types.ts';

export const CALAMP_PROTOCOL = 'calamp';

const EVENT_REPORT = 2;
const USER_DATA = 4;
const LOCATE_REPORT = 8;
const MINI_EVENT_REPORT = 10;

export const REPORT_TYPES: ReadonlySet<number> = new Set([EVENT_REPORT, USER_DATA, LOCATE_REPORT, MINI_EVENT_REPORT]);

/** Traccar's knots per cm/s. */
const KNOTS_PER_CM_S = 0.0194384449;
/** Fix status bits: no valid fix, in the full reports' status byte and the mini report's packed byte. */
const FIX_INVALID = 0x08;
const MINI_FIX_INVALID = 0x20;
/** Accumulator header: count in the low 6 bits; type 1 puts a threshold and a mask before the values. */
const ACCUMULATOR_COUNT = 0x3f;
const ACCUMULATORS_WITH_THRESHOLD = 1;

/**
 * The fix and status every report opens with, then what its type adds: the event code (event
 * reports), accumulators (event, locate and mini event reports) or the user's text (user data).
 * The mini event report is the compact form: no fix time, altitude, carrier, RSSI or HDOP, speed
 * in km/h and satellites packed with the fix status.
 */
export function decodeReport(type: number, reader: ByteReader): DecodedPosition {
  const mini = type === MINI_EVENT_REPORT;
  // Seconds since 1970; the report's time, not the (possibly older) fix time that follows it.
  const time = new Date(reader.u32() * 1000);
  if (!mini) reader.skip(4);
  const position = decodedPosition(CALAMP_PROTOCOL, time, { valid: false, outdated: false });
  const attributes = position.attributes;
  position.latitude = coordinate(reader, 90);
  position.longitude = coordinate(reader, 180);
  if (!mini) {
    position.altitude = reader.i32() / 100;
    position.speed = reader.u32() * KNOTS_PER_CM_S;
  }
  position.course = reader.i16();
  if (mini) {
    position.speed = reader.u8() * KNOTS_PER_KMH;
    const packed = reader.u8();
    attributes[KEY.sat] = packed & 0x0f;
    position.valid = (packed & MINI_FIX_INVALID) === 0;
  } else {
    attributes[KEY.sat] = reader.u8();
    position.valid = (reader.u8() & FIX_INVALID) === 0;
    attributes.carrier = reader.u16();
    attributes[KEY.rssi] = reader.i16();
  }
  attributes.modem = reader.u8();
  if (!mini) attributes[KEY.hdop] = reader.u8();
  const input = reader.u8();
  attributes[KEY.input] = input;
  attributes[KEY.ignition] = (input & 1) !== 0;
  if (!mini) attributes[KEY.status] = reader.u8();

  if (type === EVENT_REPORT) reader.skip(1); // event index
  if (type === EVENT_REPORT || mini) attributes[KEY.event] = reader.u8();
  if (type === USER_DATA) {
    reader.skip(2); // message route and id
    attributes[KEY.result] = reader.ascii(reader.u16()).trim();
  } else {
    readAccumulators(reader, position, mini);
  }
  return position;
}

/** Ten-millionths of a degree; beyond ±limit degrees the report is corrupt (Traccar drops it too). */
function coordinate(reader: ByteReader, limit: number): number {
  const degrees = reader.i32() / 1e7;
  if (Math.abs(degrees) > limit) throw new ProtocolError(`calamp: coordinate ${degrees} out of range`);
  return degrees;
}

/** `acc0`, `acc1`…: counters the device is configured to keep (odometer, engine hours…), as they come. */
function readAccumulators(reader: ByteReader, position: DecodedPosition, mini: boolean): void {
  const header = reader.u8();
  if (!mini) position.attributes.append = reader.u8();
  if (header >> 6 === ACCUMULATORS_WITH_THRESHOLD) reader.skip(8);
  const count = header & ACCUMULATOR_COUNT;
  // Devices may send fewer values than announced: read those present.
  for (let i = 0; i < count && reader.remaining >= 4; i++) position.attributes[`acc${i}`] = reader.u32();
}

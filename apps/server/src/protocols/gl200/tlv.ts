import { ByteReader } from '../kit/byte-reader.ts';
import type { DecodedPosition } from '../types.ts';
import { kmhToKnots, newPosition, set, setFixTime, type DecodeContext, type Report } from './position.ts';

/** Data id of the GNSS fix among a record's data items. */
const GNSS = 0x52;
const MULTI_PACKET = 0x80;
/** Count number, check byte and tail after the records. */
const TRAILER = 4;

/**
 * The newer binary format, told apart by a zero second byte: `+`, 0, the frame length, flags,
 * the IMEI as 16 BCD digits (a leading 0), device type, protocol and custom versions, a reserved
 * block, then records. A record has a length (counting itself), time, count number, id and event
 * code, then data items of id, length and value; GNSS items are the fixes.
 */
export function decodeRecords(frame: Buffer, context: DecodeContext): Report {
  const reader = new ByteReader(frame, 'gl200 binary records');
  reader.skip(2); // '+' and the format identifier
  const length = reader.u16();
  if (reader.u8() & MULTI_PACKET) reader.skip(2); // frame count and number
  const uniqueId = reader.bcd(8).slice(1);
  reader.skip(2 + 2 + 1); // device type, protocol version, custom version
  reader.skip(reader.u8()); // reserved

  const records = new ByteReader(reader.bytes(length - TRAILER - reader.position), 'gl200 binary records');
  const positions: DecodedPosition[] = [];
  while (records.remaining > 0) {
    const start = records.position;
    const recordLength = readVariableLength(records);
    const record = new ByteReader(records.bytes(recordLength - (records.position - start)), 'gl200 binary record');
    record.skip(4 + 2 + 1 + 1); // generated time, count number, record id, event code
    while (record.remaining > 0) {
      const id = readVariableLength(record);
      const data = record.bytes(readVariableLength(record));
      if (id === GNSS) positions.push(readGnss(new ByteReader(data, 'gl200 GNSS data'), context));
    }
  }
  return { uniqueId, positions };
}

/** One byte, or two when the first has its top bit set (15 bits). */
function readVariableLength(reader: ByteReader): number {
  const first = reader.u8();
  return first & 0x80 ? ((first & 0x7f) << 8) | reader.u8() : first;
}

/** Fix flags (bits 2-3 are 0b10 for a valid fix), longitude, latitude, Unix time, speed, HDOP, course, altitude and satellites. */
function readGnss(reader: ByteReader, context: DecodeContext): DecodedPosition {
  const position = newPosition(context);
  position.valid = ((reader.u8() >> 2) & 0b11) === 0b10;
  position.longitude = reader.i32() / 1e6;
  position.latitude = reader.i32() / 1e6;
  setFixTime(position, new Date(reader.u32() * 1000));
  position.speed = kmhToKnots(reader.u16() / 10);
  set(position, 'hdop', reader.u8() / 10);
  position.course = reader.u16();
  position.altitude = reader.u24() / 10;
  set(position, 'sat', reader.u8());
  return position;
}

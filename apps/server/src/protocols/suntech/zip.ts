import { ByteReader } from '../kit/byte-reader.ts';
import type { SuntechMessage } from './message.ts';
import type { SuntechOptions } from './options.ts';
import { inRange } from './fields.ts';
import { blankPosition, cellNetwork, cellTower } from './position.ts';
import { KEY, PREFIX } from '../../position/keys.ts';

/** First byte of a compressed report; a footer byte follows its length's worth of bytes. */
export const ZIP_HEADER = 0x02;
/** The only compressed message Traccar decodes: the status report. */
const ZIP_STATUS = 0x10;

/** Packed decimal digits, two per byte; a nibble above 9 counts as its value, as Traccar reads them. */
function bcd(reader: ByteReader, length: number): number {
  let value = 0;
  for (const byte of reader.bytes(length)) value = (value * 10 + (byte >> 4)) * 10 + (byte & 0x0f);
  return value;
}

/**
 * The compressed ("zip") status report of ST310U units: header, length, type, id (the first nine
 * of ten BCD digits), model, firmware, date and time, cell, coordinates as whole degrees plus
 * six BCD decimals, speed and course with two BCD decimals (stored as sent, as Traccar does),
 * flags (valid, south, west), odometer, power, inputs and outputs, event, then what `suntech.hbm`
 * says: hours, backup battery and archive flag (1), or the serving cell (2).
 */
export function decodeZipReport(frame: Buffer, options: SuntechOptions): SuntechMessage | null {
  const reader = new ByteReader(frame, 'compressed report');
  reader.u8(); // header
  reader.u16(); // length
  if (reader.u8() !== ZIP_STATUS) return null;
  const uniqueId = reader.bcd(5).slice(0, 9);
  reader.u8(); // model
  reader.u16(); // firmware version
  const [year, month, day, hours, minutes, seconds] = [...reader.bytes(6)];
  const position = blankPosition(new Date(Date.UTC(2000 + year, month - 1, day, hours, minutes, seconds)));
  reader.skip(3); // lac and cell id
  const latitude = reader.u8() + bcd(reader, 3) / 1e6;
  const longitude = reader.u8() + bcd(reader, 3) / 1e6;
  position.speed = reader.u16() + bcd(reader, 1) / 100;
  position.course = reader.u16() + bcd(reader, 1) / 100;
  const flags = reader.u8();
  position.valid = (flags & 0x80) !== 0;
  position.latitude = inRange(flags & 0x40 ? -latitude : latitude, 90, 'latitude');
  position.longitude = inRange(flags & 0x20 ? -longitude : longitude, 180, 'longitude');

  const { attributes } = position;
  attributes[KEY.odometer] = reader.u32();
  attributes[KEY.power] = reader.u8() + bcd(reader, 1) / 100;
  const io = reader.u8();
  attributes[KEY.ignition] = (io & 1) !== 0;
  for (let n = 1; n <= 3; n++) attributes[`${PREFIX.in}${n}`] = (io & (1 << n)) !== 0;
  for (let n = 1; n <= 2; n++) attributes[`${PREFIX.out}${n}`] = (io & (1 << (n + 3))) !== 0;
  attributes[KEY.event] = reader.u8();
  if (options.hbm === 1) {
    attributes[KEY.hours] = reader.u32();
    attributes[KEY.battery] = reader.u16();
    if (reader.u8() === 0) attributes[KEY.archive] = true;
  } else if (options.hbm === 2) {
    const cellId = reader.u16();
    const mcc = reader.u16();
    const mnc = reader.u8();
    const rssi = reader.u16();
    const lac = reader.u16();
    position.network = cellNetwork([cellTower(mcc, mnc, lac, cellId, rssi)]);
  }
  return { uniqueId, positions: [position] };
}

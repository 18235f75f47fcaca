import type { DecodeResult } from '../codec.ts';
import { ByteReader } from '../kit/byte-reader.ts';
import { PREFIX } from '../../position/keys.ts';
import { readLocation } from './location.ts';

const COMMA = 0x2c;
/** `(<id>,<n>,<n>,WLNET,5,<n>,` precede the binary part. */
const HEADER_FIELDS = 6;
const TEMPERATURE_HUMIDITY_SENSOR = 1;
const NO_TEMPERATURE = 0xffff;

export function isPeripheralReport(frame: Buffer): boolean {
  return frame.indexOf('WLNET,5,', 0, 'latin1') > 0;
}

/**
 * `WLNET,5` wireless sensor report: a text header with the 10-digit id, then the binary location
 * and one sensor's reading (battery, signal, and for type 1 temperature and humidity).
 */
export function decodePeripheralReport(frame: Buffer): DecodeResult {
  const uniqueId = frame.toString('latin1', 1, 11);
  let start = 0;
  for (let field = 0; field < HEADER_FIELDS; field++) {
    start = frame.indexOf(COMMA, start + 1);
    if (start < 0) return {};
  }
  const reader = new ByteReader(frame.subarray(start + 1), 'jt600 peripheral report');
  const position = readLocation(reader);
  const attributes = position.attributes;
  reader.skip(6 + 5 + 1); // sensor time, sensor id, sensor index
  attributes.sensorBattery = reader.u16() / 100;
  attributes.sensorBatteryLevel = reader.u8();
  attributes.sensorRssi = -reader.u8();
  if (reader.u8() === TEMPERATURE_HUMIDITY_SENSOR) {
    // Sign in the high nibble, tenths of a degree in the rest.
    const temperature = reader.u16();
    if (temperature !== NO_TEMPERATURE) {
      const magnitude = (temperature & 0x0fff) / 10;
      attributes[`${PREFIX.temp}1`] = temperature & 0xf000 ? -magnitude : magnitude;
    }
    attributes.humidity = reader.u8();
  }
  return { uniqueId, positions: [position] };
}

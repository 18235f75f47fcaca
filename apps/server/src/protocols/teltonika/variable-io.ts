import type { DecodedPosition } from '../types.ts';
import { ByteReader } from '../kit/byte-reader.ts';
import { KEY, PREFIX } from '../../position/keys.ts';

/** Ids of the variable-length (codec 8 Extended) elements carrying BLE sensor lists. */
const BLE_SENSOR_IDS = new Set([548, 10828, 10829, 10831, 11317]);
const EDDYSTONE_OR_IBEACON_ID = 385;

/**
 * Decodes one variable-length IO element of codec 8 Extended, as Traccar names them: VIN, OBD
 * trouble codes, beacon lists and BLE sensor lists; anything else is kept as `io<id>` in hex.
 */
export function decodeVariableIoElement(id: number, value: Buffer, position: DecodedPosition): void {
  const { attributes } = position;
  if (id === 256 || id === 325) attributes[KEY.vin] = value.toString('latin1');
  else if (id === 281) attributes[KEY.dtcs] = value.toString('latin1').replaceAll(',', ' ');
  else if (id === EDDYSTONE_OR_IBEACON_ID) decodeBeacons(value, position);
  else if (BLE_SENSOR_IDS.has(id)) decodeBleSensors(value, position);
  else attributes[`${PREFIX.io}${id}`] = value.toString('hex');
}

/** A list of iBeacon or Eddystone sightings after one header byte; the flags say which and what follows. */
function decodeBeacons(value: Buffer, position: DecodedPosition): void {
  const reader = new ByteReader(value, 'beacon list');
  reader.u8();
  for (let n = 1; reader.remaining > 0; n += 1) {
    const flags = reader.u8();
    const prefix = `beacon${n}`;
    if (flags >> 4 > 0) {
      position.attributes[`${prefix}Uuid`] = reader.bytes(16).toString('hex');
      position.attributes[`${prefix}Major`] = reader.u16();
      position.attributes[`${prefix}Minor`] = reader.u16();
    } else {
      position.attributes[`${prefix}Namespace`] = reader.bytes(10).toString('hex');
      position.attributes[`${prefix}Instance`] = reader.bytes(6).toString('hex');
    }
    position.attributes[`${prefix}Rssi`] = reader.i8();
    if (flags & 0b10) position.attributes[`${prefix}Battery`] = reader.u16() / 100;
    if (flags & 0b100) position.attributes[`${prefix}Temp`] = reader.u16();
  }
}

/**
 * A header byte, then per sensor a length-prefixed list of (parameter id, length, value). Each
 * value is read within its declared length, so an unexpected length cannot shift the next one.
 */
function decodeBleSensors(value: Buffer, position: DecodedPosition): void {
  const list = new ByteReader(value, 'BLE sensor list');
  list.u8();
  for (let n = 1; list.remaining > 0; n += 1) {
    const sensor = new ByteReader(list.bytes(list.u8()), 'BLE sensor');
    while (sensor.remaining > 0) {
      const parameter = sensor.u8();
      decodeBleParameter(parameter, new ByteReader(sensor.bytes(sensor.u8()), 'BLE sensor parameter'), `tag${n}`, position);
    }
  }
}

/** The BLE beacon parameters that are one value: the attribute (after the beacon's prefix) and how it reads. */
const BLE_VALUES = new Map<number, [name: string, read: (data: ByteReader) => number | string | boolean]>([
  [0, ['Rssi', (data) => data.i8()]],
  [1, ['Id', (data) => data.rest().toString('hex')]],
  [5, ['Name', (data) => data.rest().toString('utf8')]],
  [6, ['Temp', (data) => data.i16()]],
  [7, ['Humidity', (data) => data.u8()]],
  [8, ['Magnet', (data) => data.u8() > 0]],
  [9, ['Motion', (data) => data.u8() > 0]],
  [10, ['MotionCount', (data) => data.u16()]],
  [11, ['Pitch', (data) => data.i8()]],
  [12, ['AngleRoll', (data) => data.i16()]],
  [13, ['LowBattery', (data) => data.u8()]],
  [14, ['Battery', (data) => data.u16()]],
  [15, ['Mac', (data) => data.bytes(6).toString('hex')]],
]);

function decodeBleParameter(parameter: number, data: ByteReader, prefix: string, position: DecodedPosition): void {
  const { attributes } = position;
  if (parameter === 2) {
    // Flags: bit 6 low battery, bit 7 a voltage byte follows.
    const flags = data.u8();
    if (flags & 0x40) attributes[`${prefix}LowBattery`] = true;
    if (flags & 0x80) attributes[`${prefix}Voltage`] = data.u8() * 10 + 2000;
    return;
  }
  const value = BLE_VALUES.get(parameter);
  if (value) attributes[`${prefix}${value[0]}`] = value[1](data);
}

import type { DecodedPosition } from '../types.ts';
import type { Message } from './message.ts';
import { newPosition } from './position.ts';
import type { ByteReader } from './reader.ts';
import { KEY } from '../../position/keys.ts';

/** The content length of the 0x13 heartbeat of devices with a temperature sensor. */
export const SENSOR_STATUS_LENGTH = 16;

/** 0x23 heartbeat (GK310): status bits (0 armed, 1 ACC, 2 charging), battery voltage and signal when present. */
export function readGk310Heartbeat(reader: ByteReader, message: Message): DecodedPosition {
  const position = newPosition(message.receivedAt);
  const { attributes } = position;
  const status = reader.u8();
  attributes.armed = (status & 0x01) !== 0;
  attributes[KEY.ignition] = (status & 0x02) !== 0;
  attributes[KEY.charge] = (status & 0x04) !== 0;
  if (reader.remaining >= 2) attributes[KEY.battery] = reader.u16() / 100;
  if (reader.remaining >= 1) attributes[KEY.rssi] = reader.u8();
  return position;
}

/**
 * The long 0x13 heartbeat: information, satellites, alarm, language, battery level, working
 * mode, voltage, reserved, working times and time, then a temperature in tenths of a degree
 * (bit 15 set: above zero).
 */
export function readSensorHeartbeat(reader: ByteReader, message: Message): DecodedPosition {
  const position = newPosition(message.receivedAt);
  reader.skip(1 + 2 + 1 + 1);
  position.attributes[KEY.batteryLevel] = reader.u8();
  reader.skip(1 + 2 + 1 + 2 + 2);
  const value = reader.u16();
  const temperature = (value & 0x7fff) / 10;
  position.attributes.temp1 = value & 0x8000 ? temperature : -temperature;
  return position;
}

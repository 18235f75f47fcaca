import type { DecodedPosition } from '../types.ts';
import { readTime } from './gps.ts';
import type { Message } from './message.ts';
import { newPosition, setText } from './position.ts';
import type { ByteReader } from './reader.ts';
import { KEY } from '../../position/keys.ts';

const PERIPHERAL = 0xf2;

/**
 * 0xF1 device status and 0xF2 peripheral status (Jimi 4G): a Unix time, then 2-byte status
 * ids, each with its length and value. No fix.
 */
export function readStatusList(reader: ByteReader, message: Message): DecodedPosition {
  const position = newPosition(new Date(reader.u32() * 1000));
  while (reader.remaining > 0) {
    const id = reader.u16();
    if (message.type === PERIPHERAL) readPeripheralStatus(id, reader, position);
    else readDeviceStatus(id, reader.module(reader.u8()), position);
  }
  return position;
}

function readDeviceStatus(id: number, value: ByteReader, { attributes }: DecodedPosition): void {
  switch (id) {
    case 0x01: {
      const motion = value.u8();
      attributes[KEY.motion] = motion === 0x02 || motion === 0x04;
      break;
    }
    case 0x02:
      attributes.armed = value.u8() > 0;
      break;
    case 0x04:
      attributes[KEY.ignition] = value.u8() > 0;
      break;
    case 0x05:
      attributes[KEY.power] = value.u16() / 100;
      break;
    case 0x07:
      attributes[KEY.charge] = value.u8() > 0;
      break;
    case 0x0a:
      attributes.chargeVoltage = value.u16();
      break;
    case 0x0b:
      attributes.batteryTemp = value.u16() / 10;
      break;
  }
}

/** Peripheral entries differ in how their length is given: 2 bytes (Bluetooth), 1 byte, or 0 and then 1 byte. */
function readPeripheralStatus(id: number, reader: ByteReader, { attributes }: DecodedPosition): void {
  switch (id) {
    case 0x0a: {
      // A Bluetooth sensor: MAC type, MAC, event and its data, data type, data.
      const value = reader.module(reader.u16());
      value.skip(1);
      attributes.mac = value.hex(6);
      const event = value.u8();
      attributes[KEY.event] = event;
      const eventData = value.u8();
      if (event > 0) attributes.eventData = eventData;
      attributes.dataType = value.u8();
      setText(attributes, 'dataDetails', value.hex(value.remaining));
      break;
    }
    case 0x0c: {
      // An external battery pack: level, charging, charge cycles, 6 reserved bytes.
      const value = reader.module(reader.u8());
      attributes.externalBatteryLevel = value.u8();
      if (value.u8() > 0) attributes.externalBatteryCharge = true;
      attributes.externalBatteryCycles = value.u16();
      break;
    }
    default: {
      const length = reader.u8();
      reader.skip(length === 0 ? reader.u8() : length);
    }
  }
}

/**
 * 0xB2, a Bluetooth attendance clock-in: time, the tag's signal, MAC, UUID, major and minor
 * numbers, battery voltage, and the clock-in state (bits 2-5).
 */
export function readBluetoothClock(reader: ByteReader, message: Message): DecodedPosition {
  const position = newPosition(readTime(reader, message.utcOffsetMinutes));
  const { attributes } = position;
  attributes[KEY.rssi] = reader.i8();
  attributes.tagMac = reader.hex(6);
  attributes.tagUuid = reader.hex(16);
  attributes.tagMajor = reader.u16();
  attributes.tagMinor = reader.u16();
  attributes.tagBattery = reader.u16() / 100;
  attributes.clock = (reader.u8() >> 2) & 0x0f;
  return position;
}

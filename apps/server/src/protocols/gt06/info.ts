import type { DecodedPosition } from '../types.ts';
import { readTime } from './gps.ts';
import type { Message } from './message.ts';
import { newPosition, setText, trimmed } from './position.ts';
import type { ByteReader } from './reader.ts';
import { KEY } from '../../position/keys.ts';

const EXTERNAL_VOLTAGE = 0x00;
const STATUS_SYNC = 0x04;
const DOOR = 0x05;
const ICCID = 0x0a;
const NETWORK = 0x0b;
const FUEL_SENSOR = 0x0d;
const PERIPHERAL = 0x1b;
const TEMPERATURE_HUMIDITY = 0x1e;

/** The text a fuel sensor reports through the device: temperature and measured fuel. */
const FUEL_REPORT = /^!AIOIL,\d+,\d+\.\d+,(\d+\.\d+),[^,]+,\d{4},(\d+\.\d+),[01],\d+,[0-9a-fA-F]{2}$/;

/** `ALMn=`/`STA1=`/`DYD=` entries of the status synchronisation, their values in hex. */
const STATUS_KEYS = new Map([
  ['ALM1', 'alarm1Status'],
  ['ALM2', 'alarm2Status'],
  ['ALM3', 'alarm3Status'],
  ['ALM4', 'alarm4Status'],
  ['STA1', 'otherStatus'],
  ['DYD', 'engineStatus'],
]);

/**
 * Information messages (0x94), which carry no fix. The short-header form holds the external
 * voltage only; the extended one a subtype, then its content. Unknown subtypes (and a fuel
 * report that does not parse) give nothing. None is acknowledged.
 */
export function readInformation(reader: ByteReader, message: Message): DecodedPosition | null {
  const position = newPosition(message.receivedAt);
  const { attributes } = position;
  if (!message.extended) {
    attributes[KEY.power] = reader.i16() / 100;
    return position;
  }
  switch (reader.u8()) {
    case EXTERNAL_VOLTAGE:
      attributes.adc1 = reader.u16() / 100;
      return position;
    case STATUS_SYNC:
      for (const entry of reader.ascii(reader.remaining).split(';')) {
        const [name, value] = entry.split('=');
        const key = STATUS_KEYS.get(name);
        const number = Number.parseInt(value ?? '', 16);
        if (key && !Number.isNaN(number)) attributes[key] = number;
      }
      return position;
    case DOOR:
      if (reader.remaining >= 7) position.deviceTime = readTime(reader, message.utcOffsetMinutes);
      readDoor(reader.u8(), position);
      return position;
    case ICCID:
      reader.skip(8 + 8); // IMEI, IMSI
      attributes[KEY.iccid] = reader.hex(10).replace(/(?<=.)f+$/, '');
      return position;
    case NETWORK:
      return readNetworkOrPower(reader, message, position);
    case FUEL_SENSOR:
      return readFuelSensor(reader, position);
    case PERIPHERAL:
      readPeripheral(reader, position);
      return position;
    case TEMPERATURE_HUMIDITY:
      attributes.temp1 = reader.i32() / 10;
      attributes.humidity = reader.i32() / 10;
      return position;
    default:
      return null;
  }
}

/** Bit 0: door open; bit 2: the first input. */
function readDoor(flags: number, position: DecodedPosition): void {
  position.attributes[KEY.door] = (flags & 0x01) !== 0;
  position.attributes.io1 = (flags & 0x04) !== 0;
}

/** One byte is the network generation (non-zero: 4G), two bytes the external voltage. */
function readNetworkOrPower(reader: ByteReader, message: Message, position: DecodedPosition): DecodedPosition {
  const contentLength = message.length - 6;
  if (contentLength === 1) position.attributes.networkTechnology = reader.i8() > 0 ? '4G' : '2G';
  else if (contentLength === 2) position.attributes[KEY.power] = reader.u16() / 100;
  return position;
}

/** The sensor's text, after 6 bytes of the device's own unless it starts right away with `!`. */
function readFuelSensor(reader: ByteReader, position: DecodedPosition): DecodedPosition | null {
  if (reader.peek() !== 0x21) reader.skip(6);
  const match = FUEL_REPORT.exec(reader.ascii(reader.remaining));
  if (!match) return null;
  position.attributes.temp1 = Number(match[1]);
  position.attributes[KEY.fuel] = Number(match[2]);
  return position;
}

/** A serial peripheral's report: a text (`RFID:…`), or an RFID reader's binary frame holding a 4-byte tag. */
function readPeripheral(reader: ByteReader, position: DecodedPosition): void {
  if (/\p{L}/u.test(String.fromCharCode(reader.peek()))) {
    setText(position.attributes, 'serial', trimmed(reader.ascii(reader.remaining)));
    return;
  }
  reader.skip(2); // frame header, type
  position.attributes[KEY.driverUniqueId] = reader.hex(4);
}

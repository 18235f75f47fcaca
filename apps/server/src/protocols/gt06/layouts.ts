import { buildNetwork } from '../kit/network.ts';
import type { DecodedPosition } from '../types.ts';
import { readGps } from './gps.ts';
import { readServingCell } from './lbs.ts';
import type { Message } from './message.ts';
import { newPosition } from './position.ts';
import type { ByteReader } from './reader.ts';
import { KEY } from '../../position/keys.ts';

/**
 * Location messages of single device families, each with a fixed layout of its own, all
 * starting from the standard GPS block.
 */

function located(reader: ByteReader, message: Message): DecodedPosition {
  const position = newPosition(message.receivedAt);
  readGps(reader, position, message.utcOffsetMinutes);
  return position;
}

/** GPS, the serving cell (4-byte id) and ACC: how the TRX16i and SR411 layouts begin. */
function locatedWithAcc(reader: ByteReader, message: Message): DecodedPosition {
  const position = located(reader, message);
  readServingCell(reader, position, message, false);
  position.attributes[KEY.ignition] = reader.u8() > 0;
  return position;
}

/** An 8-byte RFID tag in hex; all zeros is no tag. */
export function readTag(reader: ByteReader, position: DecodedPosition): void {
  const tag = reader.hex(8);
  if (/[^0]/.test(tag)) position.attributes[KEY.driverUniqueId] = tag;
}

/**
 * 0x34 of X1 devices: data and alarm word, GPS, terminal information, odometer, cell (4-byte
 * id), driver id, battery and external voltages, port information (bits 20-23: how many
 * analog inputs follow), inputs, outputs, the analog inputs in hundredths of a volt.
 */
export function readX1Location(reader: ByteReader, message: Message): DecodedPosition {
  reader.skip(4); // data and alarm
  const position = located(reader, message);
  const { attributes } = position;
  reader.skip(2); // terminal information
  attributes[KEY.odometer] = reader.u32();
  const tower = { mobileCountryCode: reader.u16(), mobileNetworkCode: reader.u8(), locationAreaCode: reader.u16(), cellId: reader.u32() };
  position.network = buildNetwork([tower], []);
  const driver = reader.u32();
  if (driver > 0) attributes[KEY.driverUniqueId] = String(driver);
  attributes[KEY.battery] = reader.u16() / 100;
  attributes[KEY.power] = reader.u16() / 100;
  const ports = reader.u32();
  attributes[KEY.input] = reader.u8();
  attributes[KEY.output] = reader.u8();
  const analogInputs = (ports >> 20) & 0x0f;
  for (let i = 1; i <= analogInputs; i++) attributes[`adc${i}`] = reader.u16() / 100;
  return position;
}

/** 0x61: the IMEI again, GPS, cell (4-byte id), and the iButton key of the driver (6 bytes, in decimal). */
export function readIButtonLocation(reader: ByteReader, message: Message): DecodedPosition {
  reader.skip(8); // IMEI
  const position = located(reader, message);
  readServingCell(reader, position, message, false);
  position.attributes[KEY.driverUniqueId] = String(reader.u32() * 0x10000 + reader.u16());
  return position;
}

/**
 * 0x36 of TRX16i devices: GPS, cell (4-byte id), ACC, upload mode, re-upload flag, odometer,
 * external voltage, battery voltage in tenths, engine hours in minutes, RFID tag.
 */
export function readRfidLocation(reader: ByteReader, message: Message): DecodedPosition {
  const position = locatedWithAcc(reader, message);
  const { attributes } = position;
  attributes.uploadMode = reader.u8();
  attributes[KEY.archive] = reader.u8() > 0;
  attributes[KEY.odometer] = reader.u32();
  attributes[KEY.power] = reader.u16() / 100;
  attributes[KEY.battery] = reader.u8() / 10;
  attributes[KEY.hours] = reader.u24() * 60_000;
  readTag(reader, position);
  return position;
}

/** 0x24 of SR411 mini devices: GPS, cell, ACC, external and battery voltages. */
export function readSr411Location(reader: ByteReader, message: Message): DecodedPosition {
  const position = locatedWithAcc(reader, message);
  const { attributes } = position;
  attributes[KEY.power] = reader.u16() / 100;
  attributes[KEY.battery] = reader.u16() / 100;
  return position;
}

/** 0x38: GPS, upload mode, re-upload flag, then a cell that starts with its radio type. */
export function readRadioLocation(reader: ByteReader, message: Message): DecodedPosition {
  const position = located(reader, message);
  reader.skip(2);
  readServingCell(reader, position, message, false);
  return position;
}

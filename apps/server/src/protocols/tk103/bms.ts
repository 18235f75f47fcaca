import type { Attributes } from '@rastro/api';
import { ProtocolError } from '../codec.ts';
import { ByteReader } from '../kit/byte-reader.ts';
import { KEY } from '../../position/keys.ts';
import type { Message } from './message.ts';
import { newPosition } from './position.ts';

/** Temperatures are sent in °C plus 40. */
const TEMPERATURE_OFFSET = 40;
const CELL_SLOTS = 24;
const TEMPERATURE_SLOTS = 7;

/**
 * Battery management system data of electric vehicles, no fix: `(<serial>BS50<hex>)`, one
 * little-endian record, or `(<serial>BS51<key>:<hex>,...)`, blocks by key.
 */
export function decodeBms(sentence: string, receivedAt: Date): Message {
  const serial = sentence.slice(1, 13);
  const payload = sentence.slice(17, -1);
  const position = newPosition(receivedAt);
  if (sentence.startsWith('BS50', 13)) readRecord(bytesOf(payload), position.attributes);
  else for (const block of payload.split(',')) readBlock(block, position.attributes);
  return { uniqueId: serial, positions: [position] };
}

function bytesOf(hex: string): ByteReader {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new ProtocolError('tk103: BMS data is not hex');
  return new ByteReader(Buffer.from(hex, 'hex'), 'tk103 BMS data');
}

function readRecord(reader: ByteReader, attributes: Attributes): void {
  reader.skip(3); // header
  const cells = reader.u8();
  for (let i = 1; i <= CELL_SLOTS; i++) {
    const millivolts = reader.u16le();
    if (i <= cells) attributes[`battery${i}`] = millivolts / 1000;
  }
  attributes[KEY.charge] = reader.u8() === 0;
  attributes.current = reader.u16le() / 10;
  attributes[KEY.battery] = reader.u16le() / 100;
  attributes[KEY.batteryLevel] = reader.u8();
  attributes.batteryOverheat = reader.u8() > 0;
  attributes.chargeProtection = reader.u8() > 0;
  attributes.dischargeProtection = reader.u8() > 0;
  reader.skip(2); // drop line, balanced
  attributes.cycles = reader.u16le();
  attributes.faultAlarm = reader.u8();
  reader.skip(6);
  const temperatures = reader.u8();
  attributes.powerTemp = reader.u8() - TEMPERATURE_OFFSET;
  attributes.equilibriumTemp = reader.u8() - TEMPERATURE_OFFSET;
  for (let i = 1; i <= TEMPERATURE_SLOTS; i++) {
    const temperature = reader.u8() - TEMPERATURE_OFFSET;
    if (i <= temperatures) attributes[`batteryTemp${i}`] = temperature;
  }
  attributes.calibrationCapacity = reader.u16le() / 100;
  attributes.dischargeCapacity = reader.u32le();
}

/**
 * `90`: pack voltages, current and state of charge; `91`: extreme cell voltages; `92`: extreme
 * temperatures; `96`: cell temperatures; other keys are skipped. Unlike the `BS50` record these
 * blocks are big-endian: read so, a 14-cell pack of 3.81 V cells sums to 53.3 V and idles at the
 * 30000 current offset (Traccar reads them little-endian and gets 59 V cells).
 */
function readBlock(block: string, attributes: Attributes): void {
  const [key, hex] = block.split(':');
  if (hex === undefined || !/^[0-9a-fA-F]+$/.test(key)) throw new ProtocolError(`tk103: BMS block without a key: ${block.slice(0, 20)}`);
  const reader = bytesOf(hex);
  switch (parseInt(key, 16)) {
    case 0x90:
      attributes.cumulativeVoltage = reader.u16() / 10;
      attributes.gatherVoltage = reader.u16() / 10;
      attributes.current = (reader.u16() - 30000) / 10;
      attributes.soc = reader.u16() / 10;
      break;
    case 0x91:
      attributes.maxCellVoltage = reader.u16() / 1000;
      attributes.maxCellVoltageCount = reader.u8();
      attributes.minCellVoltage = reader.u16() / 1000;
      attributes.minCellVoltageCount = reader.u8();
      break;
    case 0x92:
      attributes.maxTemp = reader.u8() - TEMPERATURE_OFFSET;
      attributes.maxTempCount = reader.u8();
      attributes.minTemp = reader.u8() - TEMPERATURE_OFFSET;
      attributes.minTempCount = reader.u8();
      break;
    case 0x96:
      reader.skip(1); // frame number
      // Numbered by their byte offset in the block, from 1, as Traccar names them.
      while (reader.remaining > 0) attributes[`cellTemp${reader.position}`] = reader.u8() - TEMPERATURE_OFFSET;
      break;
  }
}

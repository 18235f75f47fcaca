import type { DecodedPosition } from '../types.ts';
import { newPosition, setText, trimmed } from './position.ts';
import type { ByteReader } from './reader.ts';
import { KEY } from '../../position/keys.ts';

const CELLS = 14;

/**
 * 0x40, the battery management system report of WD-209 e-bikes: serial number, Unix time, then
 * capacities, health, temperature (in 0.1 K), current, pack and cell voltages (mV), charge
 * intervals, barcode, version, manufacturer, and the battery and controller status words.
 */
export function readBatteryReport(reader: ByteReader): DecodedPosition {
  reader.skip(8); // serial number
  const position = newPosition(new Date(reader.u32() * 1000));
  const { attributes } = position;
  attributes.relativeCapacity = reader.u8();
  attributes.remainingCapacity = reader.u16();
  attributes.absoluteCapacity = reader.u8();
  attributes.fullCapacity = reader.u16();
  attributes.batteryHealth = reader.u8();
  attributes.batteryTemp = reader.u16() / 10 - 273.1;
  attributes.current = reader.u16();
  attributes[KEY.battery] = reader.u16() / 1000;
  attributes.cycleIndex = reader.u16();
  for (let cell = 1; cell <= CELLS; cell++) attributes[`batteryCell${cell}`] = reader.u16() / 1000;
  attributes.currentChargeInterval = reader.u16();
  attributes.maxChargeInterval = reader.u16();
  setText(attributes, 'barcode', trimmed(reader.ascii(16)));
  attributes.batteryVersion = reader.u16();
  setText(attributes, 'manufacturer', trimmed(reader.ascii(16)));
  attributes.batteryStatus = reader.u32();
  attributes.controllerStatus = reader.u32();
  attributes.controllerFault = reader.u32();
  return position;
}

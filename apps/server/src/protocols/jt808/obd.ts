import type { Attributes } from '@rastro/api';
import { KEY, PREFIX } from '../../position/keys.ts';
import { ByteReader } from '../kit/byte-reader.ts';
import { forEachEntry } from './entries.ts';
import { setText } from './position.ts';

/** OBD readings some trackers append after a 0x80 item: entries of a 1-byte id and length, to the end of the report. */
export function decodeObdExtension(data: ByteReader, attributes: Attributes): void {
  forEachEntry(data, 1, 1, (type, value) => {
    switch (type) {
      case 0x01: attributes[KEY.odometer] = value.u32() * 100; break;
      case 0x02: attributes[KEY.fuel] = value.u16() / 10; break;
      case 0x03: attributes[KEY.obdSpeed] = value.u16() / 10; break;
      case 0x56: value.skip(1); attributes[KEY.batteryLevel] = value.u8(); break;
      case 0x61: attributes[KEY.power] = value.u16() / 100; break;
      case 0x69: attributes[KEY.battery] = value.u16() / 100; break;
      case 0x80: attributes[KEY.obdSpeed] = value.u8(); break;
      case 0x81: attributes[KEY.rpm] = value.u16(); break;
      case 0x82: attributes[KEY.power] = value.u16() / 10; break;
      case 0x83: attributes.engineLoad = value.u8(); break;
      case 0x84: attributes.coolantTemp = value.u8() - 40; break;
      case 0x85: attributes[KEY.fuelConsumption] = value.u16(); break;
      case 0x86: attributes.intakeTemp = value.u8() - 40; break;
      case 0x87: attributes.intakeFlow = value.u16(); break;
      case 0x88: attributes.intakePressure = value.u8(); break;
      case 0x89: attributes[KEY.throttle] = value.u8(); break;
      case 0x8b: setText(attributes, KEY.vin, value.ascii(17)); break;
      case 0x8c: attributes[KEY.obdOdometer] = value.u32() * 100; break;
      case 0x8d: attributes[KEY.tripOdometer] = value.u16() * 1000; break;
      case 0x8e: attributes[KEY.fuel] = value.u8(); break;
      case 0xa0: setText(attributes, KEY.dtcs, value.rest().toString('latin1').replaceAll(',', ' ')); break;
      case 0xcc: setText(attributes, KEY.iccid, value.ascii(20)); break;
    }
  });
}

/** A fixed block of engine readings (item 0x91). */
export function decodeObdBlock(data: ByteReader, attributes: Attributes): void {
  attributes[KEY.battery] = data.u16() / 10;
  attributes[KEY.rpm] = data.u16();
  attributes[KEY.obdSpeed] = data.u8();
  attributes[KEY.throttle] = Math.floor((data.u8() * 100) / 255);
  attributes.engineLoad = Math.floor((data.u8() * 100) / 255);
  attributes.coolantTemp = data.u8() - 40;
  data.skip(2);
  attributes[KEY.fuelConsumption] = data.u16() / 100;
  data.skip(8);
  attributes[KEY.fuelUsed] = data.u16() / 100;
}

/** `$OBD-RT,` followed by the readings in a fixed order; an empty field is a reading the vehicle lacks. */
const OBD_RT_FIELDS = [
  KEY.power, KEY.rpm, KEY.obdSpeed, KEY.throttle, 'engineLoad', 'coolantTemp',
  KEY.fuelConsumption, KEY.fuelConsumption, // instant, then average, which Traccar keeps
  KEY.tripOdometer, KEY.obdOdometer, 'tripFuelUsed', KEY.fuelUsed,
];

export function decodeObdRealTime(text: string, attributes: Attributes): void {
  const values = text.split(',').slice(1);
  OBD_RT_FIELDS.forEach((key, index) => {
    const value = values.at(index)?.trim() ?? '';
    const number = Number(value);
    if (value !== '' && Number.isFinite(number)) attributes[key] = number;
  });
}

/** Bluetooth temperature and humidity tags, 11 bytes each: index, MAC, then both as a signed whole part and 1/255ths. */
export function decodeSensorTags(data: Buffer, attributes: Attributes): void {
  const reader = new ByteReader(data, 'jt808 sensor tags');
  while (reader.remaining >= 11) {
    const index = reader.u8();
    reader.skip(6); // MAC
    attributes[`${PREFIX.temp}${index}`] = fraction(reader);
    attributes[`humidity${index}`] = fraction(reader);
  }
}

function fraction(reader: ByteReader): number {
  const whole = reader.i8();
  const sign = whole < 0 ? -1 : 1;
  return sign * (Math.abs(whole) + reader.u8() / 255);
}

import type { Alarm } from '@rastro/api';
import { KEY } from '../../position/keys.ts';
import type { ConnectionState } from '../codec.ts';
import { ByteReader } from '../kit/byte-reader.ts';
import { numberSetting } from '../kit/settings.ts';
import { buildNetwork } from '../kit/network.ts';
import type { DecodedPosition } from '../types.ts';
import { forEachEntry } from './entries.ts';
import { decodeLockCommand } from './items.ts';
import { addAlarm, fixPosition } from './position.ts';
import { bcdNumber, readBcdTimeDayFirst } from './time.ts';

/** Alarm bits of the product 3 (vehicle tracker) status block. */
const TRACKER_ALARMS: [bit: number, alarm: Alarm][] = [
  [0, 'overspeed'],
  [1, 'lowPower'],
  [2, 'vibration'],
  [3, 'lowBattery'],
  [5, 'geofenceEnter'],
  [6, 'geofenceExit'],
];

/** Degrees and minutes in BCD (dddmm.mmmm without the point) to degrees. */
function degrees(raw: number): number {
  return Math.floor(raw / 1_000_000) + (raw % 1_000_000) / 10_000 / 60;
}

/** A tilt axis: two's complement, except that 0x8000 reads as +32768 (as Traccar reads it). */
function axis(value: ByteReader): number {
  const raw = value.u16();
  return raw > 0x8000 ? raw - 0x10000 : raw;
}

/**
 * The JT701-style location (0x5501 real time, 0x5502 buffered, as sent by some electronic
 * padlocks): JT600's binary location, then signal, satellites, odometer, battery, cell, product
 * status and entries.
 */
export function decodeVendorLocation(body: Buffer, buffered: boolean, state: ConnectionState): DecodedPosition {
  const reader = new ByteReader(body, 'jt808 vendor location');
  const position = fixPosition(readBcdTimeDayFirst(reader));
  const latitude = degrees(bcdNumber(reader, 4));
  // Longitude has 9 digits: the 5th byte's high nibble is its last, its low bits the flags.
  const longitude = degrees(bcdNumber(reader, 4) * 10 + (reader.peek() >> 4));
  const flags = reader.u8();
  position.latitude = flags & 0x02 ? latitude : -latitude;
  position.longitude = flags & 0x04 ? longitude : -longitude;
  position.speed = bcdNumber(reader, 1);
  position.course = reader.u8() * 2;
  // The fix flag is not trusted: buffered reports are marked invalid, real-time ones valid.
  position.valid = !buffered;

  const attributes = position.attributes;
  attributes[KEY.rssi] = reader.u8();
  attributes[KEY.sat] = reader.u8();
  attributes[KEY.odometer] = reader.u32() * 1000;
  const battery = reader.u8();
  if (battery <= 100) attributes[KEY.batteryLevel] = battery;
  else if (battery === 0xaa || battery === 0xab) attributes[KEY.charge] = true;

  const cellId = reader.u32();
  const locationAreaCode = reader.u16();
  if (cellId > 0 && locationAreaCode > 0) {
    // The message has no mcc/mnc: the server's configured ones, as Traccar does.
    const mobileCountryCode = numberSetting(state, 'geolocation.mcc') ?? 0;
    const mobileNetworkCode = numberSetting(state, 'geolocation.mnc') ?? 0;
    position.network = buildNetwork([{ mobileCountryCode, mobileNetworkCode, locationAreaCode, cellId }], []);
  }

  const product = reader.u8();
  const status = reader.u16();
  const alarms = reader.u16();
  if (product === 1 || product === 2) {
    addAlarm(position, alarms & 0x01 ? 'lowPower' : null);
  } else if (product === 3) {
    attributes[KEY.blocked] = (status & 0x20) !== 0;
    for (const [bit, alarm] of TRACKER_ALARMS) addAlarm(position, alarms & (1 << bit) ? alarm : null);
  }
  attributes[KEY.status] = status;

  forEachEntry(reader, 1, 1, (id, value) => {
    switch (id) {
      case 0x02: position.altitude = value.i16(); break;
      case 0x10: attributes.wakeSource = value.u8(); break;
      case 0x0b: decodeLockCommand(value, value.remaining, attributes); break;
      case 0x0c: attributes.tilt = `[${axis(value)},${axis(value)},${axis(value)}]`; break;
      case 0xfc: attributes.geofence = value.u8(); break;
    }
  });
  return position;
}

import type { Alarm, Attributes } from '@rastro/api';
import { KEY, addAlarm } from '../../position/keys.ts';
import type { ByteReader } from './reader.ts';

/** Alarm carried in bits 3-5 of the terminal information byte. */
const TERMINAL_ALARMS: (Alarm | undefined)[] = [
  undefined,
  'vibration',
  'powerCut',
  'lowBattery',
  'sos',
  undefined,
  'geofence',
  'removing',
];

/**
 * The alarm byte of the status block, as Traccar reads it for devices without a model-specific
 * table. Codes above 0xFF only occur in 0x27 messages, whose next byte adds high bits.
 */
const ALARM_CODES = new Map<number, Alarm>([
  [0x01, 'sos'],
  [0x02, 'powerCut'],
  [0x03, 'vibration'],
  [0x04, 'geofenceEnter'],
  [0x05, 'geofenceExit'],
  [0x06, 'overspeed'],
  [0x09, 'vibration'],
  [0x0c, 'tampering'],
  [0x0e, 'lowBattery'],
  [0x0f, 'lowBattery'],
  [0x11, 'powerOff'],
  [0x13, 'tampering'],
  [0x14, 'door'],
  [0x18, 'removing'],
  [0x19, 'lowBattery'],
  [0x1a, 'hardBraking'],
  [0x1b, 'hardCornering'],
  [0x23, 'fallDown'],
  [0x25, 'tampering'],
  [0x26, 'hardAcceleration'],
  [0x27, 'hardBraking'],
  [0x28, 'hardBraking'],
  [0x29, 'hardAcceleration'],
  [0x2a, 'hardCornering'],
  [0x2b, 'hardCornering'],
  [0x2c, 'accident'],
  [0x2e, 'hardCornering'],
  [0x30, 'jamming'],
  [0x32, 'tampering'],
  [0x33, 'lock'],
  [0x34, 'unlock'],
  [0x53, 'fuelLeak'],
  [0x5b, 'temperature'],
  [0x5c, 'temperature'],
  [0xc9, 'idle'],
  [0xf0, 'hardAcceleration'],
  [0xf1, 'hardBraking'],
  [0xf2, 'accident'],
  [0x107, 'jamming'],
  [0x10b, 'jamming'],
]);

/** Battery as a voltage level 0-6 (classic devices) or a percentage (newer ones); anything else is not a level. */
function batteryLevel(value: number): number | undefined {
  if (value <= 6) return Math.floor((value * 100) / 6);
  if (value <= 100) return value;
  return undefined;
}

/**
 * The status block: terminal information (bit 1 ACC, bit 2 charging, bits 3-5 alarm, bit 7 oil
 * and electricity cut), battery/voltage level, GSM signal, alarm code.
 */
export function readStatus(reader: ByteReader, attributes: Attributes, alarmHasHighBits: boolean): void {
  const info = reader.u8();
  attributes[KEY.status] = info;
  attributes[KEY.ignition] = (info & 0x02) !== 0;
  attributes[KEY.charge] = (info & 0x04) !== 0;
  attributes[KEY.blocked] = (info & 0x80) !== 0;
  addAlarm(attributes, TERMINAL_ALARMS[(info >> 3) & 0x07]);

  const level = batteryLevel(reader.u8());
  if (level !== undefined) attributes[KEY.batteryLevel] = level;
  attributes[KEY.rssi] = reader.u8();

  let code = reader.u8();
  if (alarmHasHighBits) code |= (reader.peek() >> 4) << 8;
  addAlarm(attributes, ALARM_CODES.get(code));
}

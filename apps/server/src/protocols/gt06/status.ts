import type { Alarm, Attributes } from '@rastro/api';
import type { DecodedPosition } from '../types.ts';
import { alarmOf } from './alarms.ts';
import type { Message } from './message.ts';
import type { ByteReader } from './reader.ts';
import type { Variant } from './variant.ts';
import { KEY, addAlarm } from '../../position/keys.ts';

const STATUS = 0x13;
const GPS_LBS_STATUS_3 = 0x27;
const ALARM_MODULE = 0x39;
const GPS_LBS_STATUS_5 = 0xa2;
const FENCE_MULTI = 0xa4;

/** Alarm carried in bits 3-5 of the terminal information byte (7 is overspeed on VXT01). */
const TERMINAL_ALARMS: (Alarm | undefined)[] = [undefined, 'vibration', 'powerCut', 'lowBattery', 'sos', undefined, 'geofence', 'removing'];

/** Terminal information: bit 1 ACC, bit 2 charging, bits 3-5 alarm, bit 7 oil and electricity cut. */
export function readTerminalInfo(reader: ByteReader, attributes: Attributes, variant: Variant): void {
  const info = reader.u8();
  attributes[KEY.status] = info;
  attributes[KEY.ignition] = (info & 0x02) !== 0;
  attributes[KEY.charge] = (info & 0x04) !== 0;
  attributes[KEY.blocked] = (info & 0x80) !== 0;
  const alarm = (info >> 3) & 0x07;
  addAlarm(attributes, alarm === 7 && variant === 'vxt01' ? 'overspeed' : TERMINAL_ALARMS[alarm]);
}

/** Whether a 0x22/0x25 message has the NT series' layout (record header, power, battery voltage, odometer, hours). */
export function isNtRecord({ type, model }: Message): boolean {
  return model.nt && (type === 0x22 || type === 0x25);
}

/**
 * The status block after the cell tower: terminal information, battery (voltage level 0-6 on
 * classic devices, a percentage on newer ones), GSM signal and the alarm code, with the
 * variations of the models and firmwares that change it.
 */
export function readStatusBlock(reader: ByteReader, position: DecodedPosition, message: Message): void {
  const { type, variant, model } = message;
  const { attributes } = position;
  if (type === GPS_LBS_STATUS_5) reader.skip(1); // network indicator
  readTerminalInfo(reader, attributes, variant);
  if (variant === 'obd6') {
    readObd6Status(reader, attributes, message);
    return;
  }
  if (variant === 'seeworld' && message.length === 0x18) {
    readSeeworldStatus(reader, attributes);
    return;
  }

  const nt = isNtRecord(message);
  if (type === GPS_LBS_STATUS_5 || nt) attributes[KEY.power] = reader.u16() / 100;
  if (type === STATUS && model.name === 'R11') {
    attributes[KEY.power] = reader.u16() / 100;
  } else {
    const battery = reader.u8();
    if (nt) attributes[KEY.battery] = battery / 10;
    else if (battery <= 6) attributes[KEY.batteryLevel] = Math.floor((battery * 100) / 6);
    else if (battery <= 100) attributes[KEY.batteryLevel] = battery;
  }
  attributes[KEY.rssi] = reader.u8();

  if (type === STATUS && model.lw) {
    attributes[KEY.power] = (reader.u16() & 0xfff) / 10;
    return;
  }
  let code = reader.u8();
  if (type === GPS_LBS_STATUS_3 || type === FENCE_MULTI || type === ALARM_MODULE) code |= (reader.peek() >> 4) << 8;
  if (type === STATUS && model.seeworld) {
    attributes[KEY.power] = code; // SEEWORLD heartbeats give the external voltage in volts here
  } else if (variant !== 'vxt01') {
    addAlarm(attributes, alarmOf(code, message));
    if (variant === 'trx16i') attributes[KEY.event] = code;
  }
}

/** OBD6: satellites and signal in one word, alarm, language, battery, working mode, power; a temperature in mode 4. */
function readObd6Status(reader: ByteReader, attributes: Attributes, message: Message): void {
  const signal = reader.u16();
  attributes[KEY.sat] = ((signal >> 10) & 0x1f) + ((signal >> 5) & 0x1f);
  attributes[KEY.rssi] = signal & 0x1f;
  addAlarm(attributes, alarmOf(reader.u8(), message));
  reader.skip(1); // language
  attributes[KEY.batteryLevel] = reader.u8();
  const mode = reader.u8();
  attributes[KEY.power] = reader.u16() / 100;
  reader.skip(1 + 2); // reserved, working time
  if (mode === 4) attributes.temp1 = reader.i16() / 10;
}

/** SEEWORLD's long heartbeat: signal, power in volts, step count, battery, charging, motion. */
function readSeeworldStatus(reader: ByteReader, attributes: Attributes): void {
  reader.skip(2 + 1); // extension bits, voltage level
  attributes[KEY.rssi] = reader.u8();
  attributes[KEY.power] = reader.u8();
  reader.skip(3); // language, sound and light switches
  attributes[KEY.steps] = reader.u32();
  attributes[KEY.batteryLevel] = reader.u8();
  attributes[KEY.charge] = reader.u8() === 1;
  attributes[KEY.motion] = reader.u8() === 1;
}

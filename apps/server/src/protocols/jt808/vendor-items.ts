import type { Alarm } from '@rastro/api';
import { KEY, PREFIX } from '../../position/keys.ts';
import { ByteReader } from '../kit/byte-reader.ts';
import { bit } from './alarms.ts';
import { forEachEntry } from './entries.ts';
import type { ItemContext } from './item-context.ts';
import { addAlarm, hex, setText } from './position.ts';

/** Jimi (Concox) JC dashcams, whose 0xE8 item is an extension block rather than a lock status. */
const JC_MODELS = new Set(['JC371', 'JC181', 'JC182', 'JC450', 'JC451']);

/** Jimi event codes that are alarms. */
const JIMI_ALARMS = new Map<number, Alarm>([
  [0x0001, 'fault'],
  [0x0400, 'hardAcceleration'], [0x0412, 'hardAcceleration'],
  [0x0401, 'hardBraking'], [0x0413, 'hardBraking'],
  [0x0402, 'hardCornering'], [0x0414, 'hardCornering'],
  [0x0403, 'overspeed'],
  [0x0405, 'accident'], [0x0416, 'accident'], [0x0417, 'accident'],
  [0x0406, 'vibration'],
  [0x0407, 'tow'],
  [0x0408, 'geofenceEnter'],
  [0x0409, 'geofenceExit'],
  [0x040c, 'door'],
  [0x0415, 'laneChange'],
  [0x0c01, 'sos'],
  [0x0c02, 'lowPower'],
  [0x0c05, 'general'],
  [0x0c0e, 'powerCut'],
  [0x0c0f, 'lowBattery'],
  [0x0c10, 'powerOff'],
  [0x0c12, 'tampering'],
]);

/**
 * 0xD4, 0xE1, 0xE9 across trackers: one byte is the battery level (0xff: charging); 0xE1 may
 * also be the serving cells (mcc, mnc, then 8 bytes per cell) or the supply voltage; otherwise a
 * driver card number.
 */
export function decodeTrackerItem(data: ByteReader, length: number, context: ItemContext, type: number): void {
  const { attributes } = context;
  if (length === 1) {
    const level = data.u8();
    if (level === 0xff) attributes[KEY.charge] = true;
    else attributes[KEY.batteryLevel] = level;
  } else if (type === 0xe1 && length >= 12 && (length - 4) % 8 === 0) {
    const mobileCountryCode = data.u16();
    const mobileNetworkCode = data.u16();
    while (data.position < length) {
      const locationAreaCode = data.u24();
      const cellId = data.u32();
      context.cells.push({ mobileCountryCode, mobileNetworkCode, locationAreaCode, cellId, signalStrength: data.u8() });
    }
  } else if (type === 0xe1 && length === 2) {
    attributes[KEY.power] = data.u16() / 10;
  } else {
    attributes[KEY.driverUniqueId] = String(data.u32());
  }
}

/** 0xE8: on Jimi JC dashcams an extension (status blocks or an event code), elsewhere a lock status. */
export function decodeJimiItem(data: ByteReader, length: number, context: ItemContext): void {
  const { attributes, position } = context;
  if (!JC_MODELS.has(context.model)) {
    attributes.lockStatus = data.u24();
    return;
  }
  const type = data.u16();
  switch (type) {
    case 0x2002:
      data.skip(1); // block length
      attributes.uploadMode = data.u8();
      attributes.buffered = data.u8() === 1;
      return;
    case 0x2003: {
      data.skip(1);
      attributes[KEY.charge] = data.u8() === 1;
      // Battery in six steps.
      const steps = data.u8();
      if (steps >= 1 && steps <= 6) attributes[KEY.batteryLevel] = Math.floor((steps * 100) / 6);
      attributes[KEY.battery] = data.u16() / 100;
      attributes[KEY.rssi] = data.u8();
      attributes[KEY.power] = data.u16() / 100;
      return;
    }
    case 0x2005:
      data.skip(1);
      forEachEntry(new ByteReader(data.bytes(length - data.position)), 2, 1, (id, value) => {
        switch (id) {
          case 0x0001: attributes[KEY.battery] = value.u16() / 100; break;
          case 0x0002: attributes.dataUsage = value.u32(); break;
          case 0x0003: attributes[KEY.batteryLevel] = value.u8(); break;
          case 0x0004: attributes[KEY.charge] = value.u8() === 0; break;
          case 0x0005: attributes[KEY.iccid] = hex(value.bytes(10)).slice(0, 19); break;
          case 0x0007: attributes[KEY.hdop] = value.u16() / 10; break;
          case 0x2001: attributes[KEY.power] = value.u16() / 10; break;
        }
      });
      return;
    case 0x0c03:
      attributes[KEY.ignition] = true;
      return;
    case 0x0c04:
      attributes[KEY.ignition] = false;
      return;
    default:
      addAlarm(position, JIMI_ALARMS.get(type) ?? null);
  }
}

/** 0xEA: external sensors, entries of a 1-byte id and length after a type byte. */
export function decodeExtendedItems(data: ByteReader, length: number, { attributes }: ItemContext): void {
  if (length <= 2) return;
  const entries = new ByteReader(data.bytes(length));
  entries.skip(1); // extended info type
  forEachEntry(entries, 1, 1, (type, value) => {
    switch (type) {
      case 0x11:
        attributes.externalAlarms = value.u16();
        attributes.alarmThresholdType = value.u8();
        break;
      case 0x13: attributes.externalIlluminance = value.u16(); break;
      case 0x14: attributes.externalAirPressure = value.u16(); break;
      case 0x15: attributes.externalHumidity = value.u16() / 10; break;
      case 0x16: attributes.externalTemp = value.u16() / 10 - 50; break;
    }
  });
}

/** Printable as Traccar's BufferUtil sees it: no control bytes but CR and LF, nothing above 0x7f. */
function isPrintable(bytes: Buffer): boolean {
  return bytes.every((byte) => (byte >= 0x20 && byte < 0x80) || byte === 0x0d || byte === 0x0a);
}

/**
 * 0xEB, three vendors' layouts: neighbouring cells (mcc above 200, mnc, then 5 bytes per cell),
 * a time zone text, or entries of a 2-byte length (counting the id) and a 2-byte id.
 */
export function decodeVendorData(data: ByteReader, length: number, context: ItemContext): void {
  const { attributes, position } = context;
  const first = data.peek(0) * 256 + data.peek(1);
  const bytes = data.bytes(length);
  const item = new ByteReader(bytes, 'jt808 item eb');
  if (first > 200 && (length - 3) % 5 === 0) {
    const mobileCountryCode = item.u16();
    const mobileNetworkCode = item.u8();
    while (item.remaining > 0) {
      const locationAreaCode = item.u16();
      const cellId = item.u16();
      context.cells.push({ mobileCountryCode, mobileNetworkCode, locationAreaCode, cellId, signalStrength: item.u8() });
    }
    return;
  }
  if (isPrintable(bytes)) {
    setText(attributes, 'timezone', bytes.toString('utf8'));
    return;
  }
  while (item.remaining >= 2) {
    const size = item.u16();
    if (size > item.remaining) return;
    const entry = new ByteReader(item.bytes(size), 'jt808 item eb entry');
    if (size < 2) continue;
    const type = entry.u16();
    switch (type) {
      case 0x0001: attributes.fuel1 = entry.u16() / 10; break;
      case 0x0023: {
        const fuel = Number(entry.ascii(6));
        if (Number.isFinite(fuel)) attributes.fuel2 = fuel;
        break;
      }
      case 0x002d:
        // Six bytes: supply voltage; four: battery, both in millivolts.
        if (size === 6) attributes[KEY.power] = entry.u32() / 1000;
        else attributes[KEY.battery] = entry.u16() / 1000;
        break;
      case 0x0089: {
        // Status bits that clear on an alarm.
        const status = entry.u32();
        if (!bit(status, 0)) addAlarm(position, 'powerOff');
        if (!bit(status, 12)) addAlarm(position, 'removing');
        break;
      }
      case 0x00b2: attributes[KEY.iccid] = hex(entry.bytes(10)).replace(/f+$/, ''); break;
      case 0x00b9: {
        entry.skip(1); // count
        const fields = entry.ascii(size - 3).split(',');
        for (let at = 0; at + 1 < fields.length; at += 2) {
          const signalStrength = Number(fields[at + 1]);
          if (Number.isInteger(signalStrength)) context.wifis.push({ macAddress: fields[at], signalStrength });
        }
        break;
      }
      case 0x00c5: {
        const status = entry.u32();
        if (!bit(status, 6)) addAlarm(position, 'vibration');
        const motion = Math.floor(status / 2 ** 23) % 4;
        if (motion === 0) attributes[KEY.motion] = true;
        else if (motion === 1) attributes[KEY.motion] = false;
        break;
      }
      case 0x00c6: {
        const batteryAlarm = entry.u8();
        // Replaces the alarms found so far, as Traccar does.
        if (batteryAlarm === 0x03 || batteryAlarm === 0x04) attributes[KEY.alarm] = 'lowBattery';
        attributes.batteryAlarm = batteryAlarm;
        break;
      }
      case 0x00ce: attributes[KEY.power] = entry.u16() / 100; break;
      case 0x00d8: {
        const mobileCountryCode = entry.u16();
        const mobileNetworkCode = entry.u8();
        const locationAreaCode = entry.u16();
        context.cells.push({ mobileCountryCode, mobileNetworkCode, locationAreaCode, cellId: entry.u32() });
        break;
      }
      case 0x00a8:
      case 0x00e1:
        attributes[KEY.batteryLevel] = entry.u8();
        break;
    }
  }
}

/**
 * 0xF6: air pressure (2 bytes) or the IMEI (8 BCD bytes, leading nibble dropped), except on AOVX
 * trackers; otherwise a sensor report: event, a mask of the readings present, the readings.
 */
export function decodeSensorItem(data: ByteReader, length: number, { attributes }: ItemContext, aovx: boolean): void {
  if (!aovx && length === 2) {
    attributes.airPressure = data.u16();
    return;
  }
  if (!aovx && length === 8) {
    attributes.imei = hex(data.bytes(8)).slice(1);
    return;
  }
  const event = data.u8();
  attributes[KEY.event] = event;
  if (event === 2) attributes[KEY.motion] = true;
  const mask = data.u8();
  if (mask & 0x01) attributes.lightSensor = data.u16();
  if (mask & 0x02) attributes[`${PREFIX.temp}1`] = data.i16() / 10;
  if (mask & 0x04) attributes.humidity = data.i16() / 10;
  if (mask & 0x08) attributes.gSensor = `[${data.i16()},${data.i16()},${data.i16()}]`;
  if (mask & 0x10) data.skip(10); // thresholds
  if (mask & 0x20) attributes.airPressure = data.u16();
}

/** Driving behaviour alarms in the 0xFE 0x7C block, by bit of its entry 0x01. */
const BEHAVIOUR_ALARMS: Alarm[] = ['hardAcceleration', 'hardBraking', 'hardCornering', 'accident', 'tampering'];

/**
 * 0xFE by length: battery level (1), supply voltage (2), odometer (4); longer, a marker byte and
 * either a 0x7C block of alarm entries or the battery level.
 */
export function decodeBatteryOrAlarms(data: ByteReader, length: number, { attributes, position }: ItemContext): void {
  if (length === 1) attributes[KEY.batteryLevel] = data.u8();
  else if (length === 2) attributes[KEY.power] = data.u16() / 10;
  else if (length === 4) attributes[KEY.odometer] = data.u32();
  else if (data.u8() !== 0x7c) attributes[KEY.batteryLevel] = data.u8();
  else {
    forEachEntry(new ByteReader(data.bytes(length - 1)), 1, 1, (type, value) => {
      if (type !== 0x01) return;
      const alarms = value.u32();
      BEHAVIOUR_ALARMS.forEach((alarm, index) => addAlarm(position, bit(alarms, index) ? alarm : null));
    });
  }
}

import type { Alarm } from '@rastro/api';
import { KNOTS_PER_KMH } from '@rastro/api';
import type { DecodedPosition } from '../types.ts';
import { buildNetwork } from '../kit/network.ts';
import { applyFix } from './gps.ts';
import { dbm } from './lbs.ts';
import type { Message } from './message.ts';
import { newPosition } from './position.ts';
import type { ByteReader } from './reader.ts';
import { KEY, addAlarm } from '../../position/keys.ts';

/** Event codes of the event module (0x34). */
const EVENT_ALARMS = new Map<number, Alarm>([
  [0x10, 'door'],
  [0x12, 'removing'],
  [0x14, 'geofenceEnter'],
  [0x15, 'geofenceExit'],
  [0x16, 'temperature'],
  [0x1a, 'lowBattery'],
  [0x1b, 'overspeed'],
  [0x1c, 'powerOn'],
  [0x1d, 'powerOff'],
  [0x20, 'vibration'],
  [0x21, 'powerCut'],
  [0x23, 'tampering'],
]);

/**
 * 0x70, a list of modules (2-byte type, 2-byte length, content): the fix (0x33) is one of them,
 * so a message without it carries no location of its own. Unknown modules are skipped.
 */
export function readModular(reader: ByteReader, message: Message): DecodedPosition {
  const position = newPosition(message.receivedAt);
  while (reader.remaining > 0) {
    const type = reader.u16();
    readModule(type, reader.module(reader.u16()), position);
  }
  return position;
}

function readModule(type: number, module: ByteReader, position: DecodedPosition): void {
  const { attributes } = position;
  switch (type) {
    case 0x03:
      attributes[KEY.iccid] = module.hex(10);
      break;
    case 0x09:
      attributes[KEY.sat] = module.u8();
      break;
    case 0x0a:
      attributes.satVisible = module.u8();
      break;
    case 0x11: {
      const tower = { mobileCountryCode: module.u16(), mobileNetworkCode: module.u16(), locationAreaCode: module.u16(), cellId: module.u24(), signalStrength: dbm(module.u8()) };
      if (tower.cellId > 0) position.network = buildNetwork([tower], []);
      break;
    }
    case 0x18:
      attributes[KEY.battery] = module.u16() / 100;
      break;
    case 0x28:
      attributes[KEY.hdop] = module.u8() / 10;
      break;
    case 0x29:
      attributes[KEY.index] = module.u32();
      break;
    case 0x2a: {
      const input = module.u8();
      attributes[KEY.door] = (input & 0x0f) > 0;
      attributes.tamper = input >> 4 > 0;
      break;
    }
    case 0x2b:
      attributes.bootReason = module.u8();
      break;
    case 0x2e:
      attributes[KEY.odometer] = module.u32le();
      break;
    case 0x33:
      readFix(module, position);
      break;
    case 0x34: {
      const event = module.u8();
      addAlarm(attributes, EVENT_ALARMS.get(event));
      attributes[KEY.event] = event;
      break;
    }
    case 0x7f:
      attributes.tag1Id = module.hex(6);
      attributes.tag1Battery = module.u16() / 1000;
      attributes.tag1BatteryLevel = module.u8();
      attributes.tag1Temp = module.i16() / 10;
      attributes.tag1Humidity = module.i16();
      attributes.tag1Status = module.u8();
      break;
  }
}

/** Unix time, satellites, altitude, latitude, longitude, speed in km/h, the course/status word. */
function readFix(module: ByteReader, position: DecodedPosition): void {
  position.deviceTime = position.fixTime = new Date(module.u32() * 1000);
  position.attributes[KEY.sat] = module.u8();
  position.altitude = module.i16();
  const latitude = module.u32();
  const longitude = module.u32();
  position.speed = module.u8() * KNOTS_PER_KMH;
  applyFix(position, latitude, longitude, module.u16());
}

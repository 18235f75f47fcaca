import type { Alarm } from '@rastro/api';
import type { Message } from './message.ts';

/** Alarm codes that mean the same on every device. Codes above 0xFF come with the language byte's high nibble. */
const ALARM_CODES = new Map<number, Alarm>([
  [0x01, 'sos'],
  [0x02, 'powerCut'],
  [0x03, 'vibration'],
  [0x04, 'geofenceEnter'],
  [0x05, 'geofenceExit'],
  [0x06, 'overspeed'],
  [0x0c, 'tampering'],
  [0x0f, 'lowBattery'],
  [0x11, 'powerOff'],
  [0x13, 'tampering'],
  [0x14, 'door'],
  [0x1a, 'hardBraking'],
  [0x1b, 'hardCornering'],
  [0x23, 'fallDown'],
  [0x25, 'tampering'],
  [0x26, 'hardAcceleration'],
  [0x27, 'hardBraking'],
  [0x2a, 'hardCornering'],
  [0x2b, 'hardCornering'],
  [0x2c, 'accident'],
  [0x2e, 'hardCornering'],
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

/** The alarm code of the status block (and of Wi-Fi alarms), with the codes whose meaning depends on the device. */
export function alarmOf(code: number, { model, variant }: Message): Alarm | undefined {
  switch (code) {
    case 0x09:
      return variant === 'trx16i' ? 'geofence' : model.vl ? 'tow' : 'vibration';
    case 0x0e:
      return variant === 'trx16i' ? 'lowPower' : 'lowBattery';
    case 0x18:
      return model.lw ? 'accident' : 'removing';
    case 0x19:
      return model.lw ? 'hardAcceleration' : 'lowBattery';
    case 0x28:
      return model.seeworld ? 'hardCornering' : model.vl ? 'powerOff' : 'hardBraking';
    case 0x29:
      return model.seeworld ? 'accident' : 'hardAcceleration';
    case 0x30:
      return model.vl ? 'hardBraking' : 'jamming';
    default:
      return ALARM_CODES.get(code);
  }
}

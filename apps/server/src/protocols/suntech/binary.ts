import { KNOTS_PER_KMH } from '@rastro/api';
import { ProtocolError } from '../codec.ts';
import { alertAlarm } from './alarms.ts';
import type { SuntechMessage } from './message.ts';
import { addAlarm, blankPosition } from './position.ts';
import { KEY } from '../../position/keys.ts';

/** Binary universal alert report; 0x81 is the status report. */
const ALERT_REPORT = 0x82;
/** Alert id of a driver identification, whose alert data is the 8-byte key. */
const DRIVER_ALERT = 59;

/**
 * The binary form of the universal protocol: report type, length, device id (5 bytes whose hex
 * digits are the id), a 24-bit mask, then the fields the mask announces in the text form's order.
 */
export function decodeBinaryReport(frame: Buffer, receivedAt: Date): SuntechMessage {
  let offset = 0;
  const bytes = (length: number): Buffer => {
    if (offset + length > frame.length) throw new ProtocolError('binary report is truncated');
    offset += length;
    return frame.subarray(offset - length, offset);
  };
  const u8 = () => bytes(1).readUInt8();
  const u16 = () => bytes(2).readUInt16BE();

  const type = u8();
  u16(); // length
  const uniqueId = bytes(5).toString('hex');
  const mask = bytes(3).readUIntBE(0, 3);
  const has = (bit: number) => (mask & (1 << bit)) !== 0;

  const position = blankPosition(receivedAt);
  const { attributes } = position;
  if (has(1)) u8(); // model
  if (has(2)) attributes[KEY.versionFw] = `${u8()}.${u8()}.${u8()}`;
  if (has(3) && u8() === 0) attributes[KEY.archive] = true;
  if (has(4) && has(5)) {
    const [year, month, day, hours, minutes, seconds] = [u8(), u8(), u8(), u8(), u8(), u8()];
    const time = new Date(Date.UTC(2000 + year, month - 1, day, hours, minutes, seconds));
    position.deviceTime = time;
    position.fixTime = time;
  }
  // Cell id, MCC, MNC and LAC: Traccar does not use them in this form.
  if (has(6)) bytes(4);
  if (has(7)) bytes(2);
  if (has(8)) bytes(2);
  if (has(9)) bytes(2);
  if (has(10)) attributes[KEY.rssi] = u8();
  if (has(11)) position.latitude = coordinate(bytes(4).readUInt32BE(), 90, 'latitude');
  if (has(12)) position.longitude = coordinate(bytes(4).readUInt32BE(), 180, 'longitude');
  if (has(13)) position.speed = (u16() / 100) * KNOTS_PER_KMH;
  if (has(14)) position.course = u16() / 100;
  if (has(15)) attributes[KEY.sat] = u8();
  if (has(16)) position.valid = u8() > 0;
  if (has(17)) {
    const input = u8();
    attributes[KEY.ignition] = (input & 1) !== 0;
    attributes[KEY.input] = input;
  }
  if (has(18)) {
    const output = u8();
    attributes[KEY.output] = output;
    // Output 1 is what the engine stop command drives (not set by Traccar; the web app shows it).
    attributes[KEY.blocked] = (output & 1) !== 0;
  }
  const alertId = has(19) ? u8() : 0;
  if (type === ALERT_REPORT) addAlarm(position, alertAlarm(alertId));
  if (has(20)) u16(); // alert modifier
  if (has(21) && alertId === DRIVER_ALERT) attributes[KEY.driverUniqueId] = bytes(8).toString('hex');
  return { uniqueId, positions: [position] };
}

/** Sign and magnitude (top bit = negative), in millionths of a degree. */
function coordinate(raw: number, limit: number, name: string): number {
  const magnitude = (raw & 0x7fffffff) / 1e6;
  const degrees = raw & 0x80000000 ? -magnitude : magnitude;
  if (Math.abs(degrees) > limit) throw new ProtocolError(`${name} out of range: ${degrees}`);
  return degrees;
}

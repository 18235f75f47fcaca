import { KNOTS_PER_KMH, type Alarm } from '@rastro/api';
import { decodedPosition } from '../../position/create.ts';
import { addAlarm, KEY } from '../../position/keys.ts';
import { ProtocolError, type DecodeResult } from '../codec.ts';
import type { DecodedPosition } from '../types.ts';

export const MOBILOGIX_PROTOCOL = 'mobilogix';

/** `[yyyy-mm-dd hh:mm:ss,T<n>,` opens every message; the time (UTC) also heads the reply. */
const HEAD = /^\[(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d),(T\d+),/;

const ALARMS = new Map<string, Alarm>([
  ['T8', 'lowBattery'],
  ['T9', 'vibration'],
  ['T10', 'powerCut'],
  ['T11', 'lowPower'],
  ['T12', 'geofenceExit'],
  ['T13', 'overspeed'],
  ['T15', 'tow'],
]);

/** The fields after the head that report types share: archive flag, version, serial, status, battery. */
const ARCHIVE = /^\d$/;
const STATUS = /^[0-9A-Fa-f]{2}$/;
const DECIMAL = /^\d+\.\d+$/;
/** Satellites, signal level (0-5) and fix flag, one digit each. */
const GPS = /^(\d)(\d)(\d)$/;
const COORDINATE = /^-?\d+\.\d+$/;
const NUMBER = /^\d+\.?\d*$/;

/**
 * Mobilogix messages: `[time,T<n>,archive,version,serial,status,battery[,gps,lat,lon,speed,course,…]`.
 * T1 is the login (serial, IMSI, IMEI). Every message but T6 is acknowledged with `[time,S<n>]`
 * (`[time,S1,1]` for the login), whether or not it is a report.
 */
export function decodeMobilogix(frame: Buffer): DecodeResult {
  const sentence = frame.toString('latin1').trim().replace(/\]$/, '');
  const head = HEAD.exec(sentence);
  if (!head) throw new ProtocolError('mobilogix: not a [time,type,…] message');
  const [, year, month, day, hours, minutes, seconds, type] = head;
  const stamp = `${year}-${month}-${day} ${hours}:${minutes}:${seconds}`;
  const time = new Date(`${year}-${month}-${day}T${hours}:${minutes}:${seconds}Z`);
  if (Number.isNaN(time.getTime())) throw new ProtocolError(`mobilogix: bad time ${stamp}`);

  const fields = sentence.slice(1).split(',');
  const serial = fields[4] ?? '';
  const result: DecodeResult = {};
  if (serial !== '') result.uniqueId = serial;
  if (type !== 'T6') result.reply = Buffer.from(type === 'T1' ? `[${stamp},S1,1]` : `[${stamp},S${type.slice(1)}]`, 'latin1');
  const position = report(type, fields, time);
  if (serial !== '' && position) result.positions = [position];
  return result;
}

/** A report's position; null for messages without the status and battery fields (login, T8 level, T16…). */
function report(type: string, fields: string[], time: Date): DecodedPosition | null {
  const [, , archive, , , statusText, batteryText, gpsText, latitude, longitude, speed, course] = fields;
  if (!ARCHIVE.test(archive ?? '') || !STATUS.test(statusText ?? '') || !DECIMAL.test(batteryText ?? '')) return null;
  const gps = GPS.exec(gpsText ?? '');
  const located = gps !== null && COORDINATE.test(latitude ?? '') && COORDINATE.test(longitude ?? '') && NUMBER.test(speed ?? '') && NUMBER.test(course ?? '');

  const position = decodedPosition(MOBILOGIX_PROTOCOL, time, { valid: false, outdated: !located });
  const { attributes } = position;
  if (archive === '0') attributes[KEY.archive] = true;
  attributes[KEY.type] = type;
  addAlarm(attributes, ALARMS.get(type));
  const status = parseInt(statusText, 16);
  // Bit 0 clear means the engine is blocked (the relay of engineStop).
  attributes[KEY.blocked] = (status & 1) === 0;
  if (status & 2) attributes[KEY.charge] = true;
  attributes[KEY.ignition] = (status & 4) !== 0;
  attributes[KEY.motion] = (status & 8) !== 0;
  attributes[KEY.status] = status;
  attributes[KEY.battery] = Number(batteryText);

  if (located) {
    attributes[KEY.sat] = Number(gps[1]);
    attributes[KEY.rssi] = 6 * Number(gps[2]) - 111;
    position.valid = Number(gps[3]) > 0;
    position.latitude = Number(latitude);
    position.longitude = Number(longitude);
    position.speed = Number(speed) * KNOTS_PER_KMH;
    position.course = Number(course);
    if (Math.abs(position.latitude) > 90 || Math.abs(position.longitude) > 180) throw new ProtocolError('mobilogix: coordinates out of range');
  }
  return position;
}

import { KNOTS_PER_KMH } from '@rastro/api';
import { decodedPosition } from '../../position/create.ts';
import { KEY, PREFIX } from '../../position/keys.ts';
import { ProtocolError } from '../codec.ts';
import type { DecodedPosition } from '../types.ts';

export const RST_PROTOCOL = 'rst';

/** Driver identification: the first additional field is the key. */
const DRIVER_EVENT = 55;

const DATE_TIME = /^(\d\d)-(\d\d)-(\d{4}) (\d\d):(\d\d):(\d\d)$/;
const INTEGER = /^\d+$/;
const SIGNED = /^-?\d+$/;
const DECIMAL = /^\d+\.\d+$/;
const COORDINATE = /^-?\d+\.\d+$/;
const HEX_BYTE = /^[0-9A-Fa-f]{2}$/;

/** The report block after the event type, field by field as devices write it. */
const REPORT_FIELDS = [
  DATE_TIME, // event time
  DATE_TIME, // fix time
  COORDINATE,
  COORDINATE,
  INTEGER, // speed, km/h
  INTEGER, // course
  SIGNED, // altitude
  /^[01]$/, // fix
  INTEGER, // satellites
  INTEGER, // hdop
  HEX_BYTE, // inputs 1 to 3
  HEX_BYTE,
  HEX_BYTE,
  HEX_BYTE, // outputs 1 and 2
  HEX_BYTE,
  DECIMAL, // power
  DECIMAL, // battery
  INTEGER, // odometer
  INTEGER, // signal
  HEX_BYTE, // temperature
  /^[0-9A-Fa-f]{4}$/, // sensors
  HEX_BYTE, // status 1 and 2
  HEX_BYTE,
];

/** Whether `fields` (from the event time on, `FIM` excluded) open with a report block. */
export function hasReport(fields: string[]): boolean {
  return fields.length >= REPORT_FIELDS.length && REPORT_FIELDS.every((pattern, i) => pattern.test(fields[i]));
}

function dateTime(text: string): Date {
  const [, day, month, year, hours, minutes, seconds] = DATE_TIME.exec(text) ?? [];
  const time = new Date(`${year}-${month}-${day}T${hours}:${minutes}:${seconds}Z`);
  if (Number.isNaN(time.getTime())) throw new ProtocolError(`rst: bad time ${text}`);
  return time;
}

/** The report block; the fields after it are event data. Times are UTC. */
export function decodeReport(fields: string[], event: number): DecodedPosition {
  const [eventTime, fixTime, latitude, longitude, speed, course, altitude, valid, sat, hdop, in1, in2, in3, out1, out2, power, battery, odometer, rssi, temperature, , status1, status2, ...extra] = fields;
  const position = decodedPosition(RST_PROTOCOL, dateTime(eventTime), { valid: valid === '1', outdated: false });
  position.fixTime = dateTime(fixTime);
  position.latitude = Number(latitude);
  position.longitude = Number(longitude);
  if (Math.abs(position.latitude) > 90 || Math.abs(position.longitude) > 180) throw new ProtocolError('rst: coordinates out of range');
  position.speed = Number(speed) * KNOTS_PER_KMH;
  position.course = Number(course);
  position.altitude = Number(altitude);

  const { attributes } = position;
  const hex = (text: string) => parseInt(text, 16);
  attributes[KEY.sat] = Number(sat);
  attributes[KEY.hdop] = Number(hdop);
  attributes[`${PREFIX.in}1`] = hex(in1);
  attributes[`${PREFIX.in}2`] = hex(in2);
  attributes[`${PREFIX.in}3`] = hex(in3);
  attributes[KEY.ignition] = (hex(in2) & 0x80) !== 0;
  attributes[`${PREFIX.out}1`] = hex(out1);
  attributes[`${PREFIX.out}2`] = hex(out2);
  attributes[KEY.power] = Number(power);
  attributes[KEY.battery] = Number(battery);
  attributes[KEY.odometer] = Number(odometer);
  attributes[KEY.rssi] = Number(rssi);
  // One signed byte, degrees Celsius.
  attributes[`${PREFIX.temp}1`] = (hex(temperature) << 24) >> 24;
  attributes[KEY.status] = (hex(status1) << 8) + hex(status2);
  if (event === DRIVER_EVENT && extra[0]) attributes[KEY.driverUniqueId] = extra[0];
  return position;
}

import { KNOTS_PER_KMH } from '@rastro/api';
import { decodedPosition } from '../../position/create.ts';
import { addAlarm, KEY } from '../../position/keys.ts';
import type { DecodedPosition } from '../types.ts';
import { alarmOf, movingOf } from './alarms.ts';
import { decodeNetwork } from './network.ts';
import { WATCH_PROTOCOL } from './position.ts';

/** Field patterns; each has one way to match, so a long field is checked in linear time. */
const SIX_DIGITS = /^(\d{2})(\d{2})(\d{2})$/;
const COORDINATE = /^ *(-?\d+(?:\.\d*)?)$/;
const SIGNED = /^-?\d+(?:\.\d*)?$/;
const UNSIGNED = /^\d+(?:\.\d*)?$/;
const WHOLE = /^\d+$/;
const HEX = /^[0-9a-fA-F]+$/;

/** Date to status word: the fields before the cells and Wi-Fi, which must follow. */
const FIXED_FIELDS = 16;

/**
 * The location body of UD, UD2, UD3, UD_LTE, UD_WCDMA, AL… and WT messages: date (ddmmyy),
 * time, validity, latitude and longitude (signed, or with a hemisphere, or both), speed km/h,
 * course, altitude, satellites, signal, battery %, steps, tumbles, status word (hex), then cells
 * and Wi-Fi. Null when the body is not one (Traccar ignores those too).
 */
export function decodeLocation(body: string): DecodedPosition | null {
  const values = body.split(',');
  if (values.length <= FIXED_FIELDS) return null;
  const [date, clock, validity, latitude, northSouth, longitude, eastWest, speed, course, altitude, satellites, rssi, battery, steps, tumbles, status] = values;
  const day = SIX_DIGITS.exec(date);
  const time = SIX_DIGITS.exec(clock);
  const lat = COORDINATE.exec(latitude);
  const lon = COORDINATE.exec(longitude);
  const wellFormed =
    (validity === 'A' || validity === 'V') &&
    /^[NS]?$/.test(northSouth) &&
    /^[EW]?$/.test(eastWest) &&
    UNSIGNED.test(speed) &&
    UNSIGNED.test(course) &&
    SIGNED.test(altitude) &&
    [satellites, rssi, battery, steps, tumbles].every((value) => WHOLE.test(value)) &&
    HEX.test(status);
  if (!day || !time || !lat || !lon || !wellFormed) return null;

  const fixTime = new Date(Date.UTC(2000 + Number(day[3]), Number(day[2]) - 1, Number(day[1]), Number(time[1]), Number(time[2]), Number(time[3])));
  const position = decodedPosition(WATCH_PROTOCOL, fixTime, { valid: validity === 'A', outdated: false });
  position.latitude = coordinate(lat[1], northSouth === 'S');
  position.longitude = coordinate(lon[1], eastWest === 'W');
  position.speed = Number(speed) * KNOTS_PER_KMH;
  position.course = Number(course);
  position.altitude = Number(altitude);

  const attributes = position.attributes;
  attributes[KEY.sat] = Number(satellites);
  attributes[KEY.rssi] = Number(rssi);
  attributes[KEY.batteryLevel] = Number(battery);
  attributes[KEY.steps] = Number(steps);
  const word = parseInt(status, 16);
  addAlarm(attributes, alarmOf(word));
  if (movingOf(word)) attributes[KEY.motion] = true;

  position.network = decodeNetwork(values.slice(FIXED_FIELDS).join(','));
  // Hundreds of digits make an infinite number: not a location either.
  const numbers = [position.latitude, position.longitude, position.speed, position.course, position.altitude, ...Object.values(attributes)];
  return numbers.every((value) => typeof value !== 'number' || Number.isFinite(value)) ? position : null;
}

/** The southern or western hemisphere makes a coordinate negative, whatever its own sign. */
function coordinate(value: string, negative: boolean): number {
  const number = Number(value);
  return negative ? -Math.abs(number) : number;
}

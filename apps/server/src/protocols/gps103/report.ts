import type { DecodeResult } from '../codec.ts';
import { buildNetwork } from '../kit/network.ts';
import { KEY, PREFIX } from '../../position/keys.ts';
import { readReason } from './alarms.ts';
import { newPosition, numberOf } from './position.ts';

const HEX = '[0-9a-fA-F]';

/**
 * `imei:<imei>,<reason>,<local date and time>,<rfid or phone>,<F|L>,...`: with `F` a GPS fix
 * follows (UTC time, validity, coordinates in degrees and minutes with the hemisphere before or
 * after them, speed in knots, course, altitude, ignition, door, two fuel levels, temperature); with
 * `L` there is no fix, only the serving cell in some firmwares. Trailing fields vary by firmware.
 */
const REPORT = new RegExp(
  [
    '^imei:(?<imei>\\d+),(?<reason>[^,]*),',
    '(?:(?<year>\\d\\d)\\/?(?<month>\\d\\d)\\/?(?<day>\\d\\d) ?(?<localHour>\\d\\d):?(?<localMinute>\\d\\d)(?:\\d\\d)?,|\\d*,)',
    '(?<rfid>[^,]+)?,',
    `(?:L,(?:,,(?<lac>${HEX}+),,(?<cid>${HEX}+),,,)?`,
    '|F,(?:(?<hour>\\d\\d)(?<minute>\\d\\d)(?<second>\\d\\d)(?:\\.\\d+)?|(?:\\d{1,5}\\.\\d+)?),',
    '(?<validity>[AV]),',
    '(?:(?<latHemBefore>[NS]),)?(?<latDeg>\\d+)(?<latMin>\\d\\d\\.\\d+),(?:(?<latHem>[NS]),)?',
    '(?:(?<lonHemBefore>[EW]),)?(?<lonDeg>\\d+)(?<lonMin>\\d\\d\\.\\d+),(?:(?<lonHem>[EW])?,)?',
    '(?<speed>\\d+\\.?\\d*)?(?:,(?<course>\\d+\\.?\\d*)?)?(?:,(?<altitude>-?\\d+\\.?\\d*)?)?',
    '(?:,(?<ignition>[01])?)?(?:,(?<door>[01])?)?',
    '(?:,(?:(?<fuel1>\\d+\\.\\d+)%)?,(?:(?<fuel2>\\d+\\.\\d+)%|\\d+)?)?',
    '(?:,(?<temperature>[-+]?\\d+)?)?)',
    '.*$',
  ].join(''),
  's',
);

type Groups = Partial<Record<string, string>>;

/** A periodic report or an alarm, with or without a fix; `help me` is answered so that the device stops repeating it. */
export function decodeReport(sentence: string, receivedAt: Date): DecodeResult | null {
  const groups: Groups | undefined = REPORT.exec(sentence)?.groups;
  if (!groups?.imei || groups.reason === undefined) return null;
  const { imei, reason } = groups;
  const position = newPosition(receivedAt);
  const { attributes } = position;
  readReason(reason, attributes);
  if (reason === 'rfid' && groups.rfid) attributes[KEY.driverUniqueId] = groups.rfid;

  if (groups.lac && groups.cid) {
    // No country or network code in the message: Traccar's configured defaults, 0 unless set.
    position.network = buildNetwork(
      [{ mobileCountryCode: 0, mobileNetworkCode: 0, locationAreaCode: parseInt(groups.lac, 16), cellId: parseInt(groups.cid, 16) }],
      [],
    );
  }

  if (groups.validity) {
    position.outdated = false;
    position.valid = groups.validity === 'A';
    position.deviceTime = position.fixTime = fixTimeOf(groups, receivedAt);
    position.latitude = coordinate(groups.latDeg, groups.latMin, groups.latHem ?? groups.latHemBefore);
    position.longitude = coordinate(groups.lonDeg, groups.lonMin, groups.lonHem ?? groups.lonHemBefore);
    position.speed = numberOf(groups.speed) ?? 0;
    position.course = numberOf(groups.course) ?? 0;
    position.altitude = numberOf(groups.altitude) ?? 0;
    if (groups.ignition) attributes[KEY.ignition] = groups.ignition === '1';
    if (groups.door) attributes[KEY.door] = groups.door === '1';
    const extras: [string, string | undefined][] = [['fuel1', groups.fuel1], ['fuel2', groups.fuel2], [`${PREFIX.temp}1`, groups.temperature]];
    for (const [key, text] of extras) {
      const value = numberOf(text);
      if (value !== undefined) attributes[key] = value;
    }
  }

  const result: DecodeResult = { uniqueId: imei, positions: [position] };
  if (reason === 'help me') result.reply = Buffer.from(`**,imei:${imei},E;`, 'latin1');
  return result;
}

function coordinate(degrees = '0', minutes = '0', hemisphere = ''): number {
  const value = Number(degrees) + Number(minutes) / 60;
  return hemisphere === 'S' || hemisphere === 'W' ? -value : value;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const HALF_DAY = 12 * 60;

/**
 * The date comes only in the device's local time; the fix carries the UTC time of day. The local
 * date is moved by the difference between the two clocks (within ±12 hours), so a fix near
 * midnight gets the right UTC date. Without a UTC time the local time stands, as Traccar keeps it.
 */
function fixTimeOf(groups: Groups, receivedAt: Date): Date {
  const [hour, minute, second] = [groups.hour, groups.minute, groups.second].map(Number);
  if (groups.year === undefined) {
    // No date at all: that time of day on the day it was received, or the day before if it is not yet that time.
    const time = Date.UTC(receivedAt.getUTCFullYear(), receivedAt.getUTCMonth(), receivedAt.getUTCDate(), hour || 0, minute || 0, second || 0);
    return new Date(time > receivedAt.getTime() + HALF_DAY * MINUTE ? time - DAY : time);
  }
  const localHour = Number(groups.localHour);
  const localMinute = Number(groups.localMinute);
  const local = Date.UTC(2000 + Number(groups.year), Number(groups.month) - 1, Number(groups.day), localHour, localMinute, second || 0);
  if (groups.hour === undefined) return new Date(local);
  let offset = (localHour - hour) * 60 + (localMinute - minute);
  if (offset <= -HALF_DAY) offset += 2 * HALF_DAY;
  else if (offset > HALF_DAY) offset -= 2 * HALF_DAY;
  return new Date(local - offset * MINUTE);
}

import { KEY, PREFIX } from '../../position/keys.ts';
import type { DecodedPosition } from '../types.ts';

/**
 * The position text of Meiligao reports: a GPRMC sentence from its time field (hhmmss.sss, status,
 * ddmm.mmmm latitude and longitude, speed in knots, course, ddmmyy), then `|`-separated extras
 * that grew with the models: HDOP, altitude, the I/O state word, 2 to 8 ADC values, and then
 * either cell, signal, hex odometer, satellites and a driver card text, or a decimal odometer
 * and an RFID tag. Every extra may be missing from some point on.
 */
const HEX = '[0-9a-fA-F]';
const HEX4 = `${HEX}{4}`;
const REGULAR = new RegExp(
  [
    '^(?<hour>\\d+)(?<minute>\\d\\d)(?<second>\\d\\d)\\.?\\d*,',
    '(?<validity>[AV]),',
    '(?<latDeg>\\d+)(?<latMin>\\d\\d\\.\\d+),(?<latHem>[NS]),',
    '(?<lonDeg>\\d+)(?<lonMin>\\d\\d\\.\\d+),(?<lonHem>[EW]),',
    '(?<speed>\\d+\\.?\\d*)?,(?<course>\\d+\\.?\\d*)?,',
    '(?<day>\\d\\d)(?<month>\\d\\d)(?<year>\\d\\d)',
    '[^|]*',
    `(?:\\|(?<hdop>\\d+\\.\\d+)?\\|(?<altitude>-?\\d+\\.?\\d*)?\\|(?<state>${HEX4})?`,
    `(?:\\|(?<adc>${HEX4}(?:,${HEX4}){1,7})`,
    `(?:\\|${HEX}{16,20}\\|(?<rssi>${HEX}{2})\\|(?<hexOdometer>${HEX}{8})(?:\\|(?<sat>${HEX}{2})(?:\\|(?<card>.*))?)?`,
    `|\\|(?<odometer>\\d{1,9})(?:\\|(?<rfid>${HEX}{5,}))?)?`,
    ')?)?',
    '.*$',
  ].join(''),
);

/** Fills `position` from a report's text; false when the text is not a position. */
export function readRegularSentence(sentence: string, position: DecodedPosition): boolean {
  const groups = REGULAR.exec(sentence)?.groups;
  if (!groups) return false;
  const { attributes } = position;
  position.fixTime = position.deviceTime = utcTime(groups.day, groups.month, groups.year, groups.hour, groups.minute, groups.second);
  position.valid = groups.validity === 'A';
  position.outdated = false;
  position.latitude = coordinate(groups.latDeg, groups.latMin, groups.latHem === 'S');
  position.longitude = coordinate(groups.lonDeg, groups.lonMin, groups.lonHem === 'W');
  if (groups.speed) position.speed = Number(groups.speed);
  if (groups.course) position.course = Number(groups.course);
  if (groups.hdop) attributes[KEY.hdop] = Number(groups.hdop);
  if (groups.altitude) position.altitude = Number(groups.altitude);
  if (groups.state) {
    // Outputs in bits 0-4, inputs in bits 8-12.
    const state = parseInt(groups.state, 16);
    for (let i = 1; i <= 5; i++) {
      attributes[`${PREFIX.out}${i}`] = (state & (1 << (i - 1))) !== 0;
      attributes[`${PREFIX.in}${i}`] = (state & (1 << (i + 7))) !== 0;
    }
  }
  if (groups.adc) groups.adc.split(',').forEach((value, i) => (attributes[`${PREFIX.adc}${i + 1}`] = parseInt(value, 16)));
  if (groups.rssi) attributes[KEY.rssi] = parseInt(groups.rssi, 16);
  if (groups.hexOdometer) attributes[KEY.odometer] = parseInt(groups.hexOdometer, 16);
  if (groups.sat) attributes[KEY.sat] = parseInt(groups.sat, 16);
  if (groups.card) attributes.card = groups.card;
  if (groups.odometer) attributes[KEY.odometer] = Number(groups.odometer);
  if (groups.rfid) attributes[KEY.driverUniqueId] = groups.rfid;
  return true;
}

/** The position of an RFID report: `|hhmmss,ddmmyy,latitude,N,longitude,E`, always a fix. */
const RFID = /^\|(\d\d)(\d\d)(\d\d),(\d\d)(\d\d)(\d\d),(\d+)(\d\d\.\d+),([NS]),(\d+)(\d\d\.\d+),([EW])$/;

export function readRfidSentence(sentence: string, position: DecodedPosition): boolean {
  const match = RFID.exec(sentence);
  if (!match) return false;
  const [, hour, minute, second, day, month, year, latDeg, latMin, latHem, lonDeg, lonMin, lonHem] = match;
  position.fixTime = position.deviceTime = utcTime(day, month, year, hour, minute, second);
  position.valid = true;
  position.outdated = false;
  position.latitude = coordinate(latDeg, latMin, latHem === 'S');
  position.longitude = coordinate(lonDeg, lonMin, lonHem === 'W');
  return true;
}

function utcTime(day: string, month: string, year: string, hour: string, minute: string, second: string): Date {
  return new Date(Date.UTC(2000 + Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)));
}

function coordinate(degrees: string, minutes: string, negative: boolean): number {
  const value = Number(degrees) + Number(minutes) / 60;
  return negative ? -value : value;
}

import type { DecodedPosition } from '../types.ts';
import type { Groups } from './patterns.ts';
import { kmhToKnots, macAddress, set, setFixTime, setNetwork, useLastFix, type CellTower, type WifiAccessPoint } from './position.ts';
import { Fields, optional, parseDecimal, parseHex, parseInteger, parseTime, present } from './values.ts';

/**
 * The location block most reports share: HDOP, speed (km/h), course, altitude, longitude,
 * latitude, GPS time, optionally the Wi-Fi networks seen, then the serving cell (country and
 * network code in decimal, area code and cell id in hex) and a last field that is either the
 * signal or, on older firmware, the odometer in km. Any of them may be empty. (Traccar matches
 * this block but never stores its cell: its presence check asks for a decimal and a hex reading
 * of the area code and cell id at once.)
 */
export const LOCATION = String.raw`(?<hdop>\d{1,2}\.?\d?)?,(?<speed>\d{1,3}\.\d)?,(?<course>\d{1,3}\.?\d?)?,(?<altitude>-?\d{1,5}\.\d)?,(?<longitude>-?\d{1,3}\.\d{6})?,(?<latitude>-?\d{1,2}\.\d{6})?,(?<fixTime>\d{14})?(?:,\d+(?<wifi>(?:,[0-9a-fA-F]{12},-\d+,,,)+))?,(?<mcc>\d+)?,(?<mnc>\d+)?,(?:(?<lac>\d+),(?<cid>\d+),|(?<lacHex>[0-9a-fA-F]+)?,(?<cidHex>[0-9a-fA-F]+)?,)(?:\d+|(?<locationOdometer>\d+\.\d))?,`;

/** The same block without capture groups, to match a run of several of them. */
export const LOCATIONS = `(?:${LOCATION.replace(/\(\?<\w+>/g, '(?:')})+`;

const WIFI = /,([0-9a-fA-F]{12}),(-\d+),,,/g;

/** Fills `position` from the groups of a LOCATION match. */
export function applyLocation(position: DecodedPosition, groups: Groups): void {
  const hdop = optional(groups.hdop, parseDecimal);
  position.valid = hdop === undefined || hdop > 0;
  set(position, 'hdop', hdop);
  position.speed = kmhToKnots(optional(groups.speed, parseDecimal) ?? 0);
  position.course = optional(groups.course, parseDecimal) ?? 0;
  position.altitude = optional(groups.altitude, parseDecimal) ?? 0;

  if (present(groups.longitude) && present(groups.latitude) && present(groups.fixTime)) {
    position.valid = true;
    position.longitude = parseDecimal(groups.longitude);
    position.latitude = parseDecimal(groups.latitude);
    setFixTime(position, parseTime(groups.fixTime));
  } else {
    useLastFix(position);
  }

  const wifi: WifiAccessPoint[] = [];
  for (const [, mac, signal] of (groups.wifi ?? '').matchAll(WIFI)) {
    wifi.push({ macAddress: macAddress(mac), signalStrength: parseInteger(signal) });
  }
  // Area code and cell id are hex, even when all their digits are decimal ones.
  const lac = groups.lac ?? groups.lacHex;
  const cid = groups.cid ?? groups.cidHex;
  const towers: CellTower[] = [];
  if (present(groups.mcc) && present(groups.mnc) && present(lac) && present(cid)) {
    const tower = cellTower(parseInteger(groups.mcc), parseInteger(groups.mnc), parseHex(lac), parseHex(cid));
    if (tower) towers.push(tower);
  }
  setNetwork(position, towers, wifi);

  const odometer = optional(groups.locationOdometer, parseDecimal);
  if (odometer !== undefined) set(position, 'odometer', odometer * 1000);
}

/**
 * A cell; none when the device reports cell id 0 (no cell, as without coverage) or an area code
 * wider than 16 bits (fields out of place).
 */
export function cellTower(mcc: number, mnc: number, lac: number, cellId: number, signalStrength?: number): CellTower | undefined {
  if (cellId === 0 || lac > 0xffff) return undefined;
  const tower: CellTower = { mobileCountryCode: mcc, mobileNetworkCode: mnc, locationAreaCode: lac, cellId };
  if (signalStrength !== undefined) tower.signalStrength = signalStrength;
  return tower;
}

/**
 * The location block read field by field, as the newer reports (ERI, IGN/IGF, DAT) lay it out:
 * the same fields without the odometer, the cell in hex, then model-dependent extras: GL5xx add
 * the signal quality, and all but the GL320M an append mask that may announce the satellites in
 * use and the trigger type.
 */
export function readLocation(position: DecodedPosition, fields: Fields, model: string): void {
  set(position, 'hdop', fields.decimal() ?? 0);
  position.speed = kmhToKnots(fields.decimal() ?? 0);
  position.course = fields.int() ?? 0;
  position.altitude = fields.decimal() ?? 0;

  if (fields.peek() !== '') {
    position.valid = true;
    position.longitude = fields.decimal() ?? 0;
    position.latitude = fields.decimal() ?? 0;
    setFixTime(position, parseTime(fields.next()));
  } else {
    fields.skip(3);
    useLastFix(position);
  }

  if (fields.peek() !== '') {
    const mcc = parseInteger(fields.next());
    const mnc = parseInteger(fields.next());
    const tower = cellTower(mcc, mnc, parseHex(fields.next()), parseHex(fields.next()));
    setNetwork(position, tower ? [tower] : []);
  } else {
    fields.skip(4);
  }

  if (model.startsWith('GL5')) fields.skip(2); // signal strength and bit error rate
  if (model === 'GL320M') return;
  const appendMask = fields.int();
  if (appendMask === undefined) return;
  if (appendMask & 1) set(position, 'sat', parseInteger(fields.next()));
  if (appendMask & 2) fields.skip(); // trigger type
}

/** Speed, course, altitude, longitude, latitude and fix time: the fix fields in the order every text report gives them. */
export function readFix(position: DecodedPosition, fields: Fields): void {
  position.speed = kmhToKnots(parseDecimal(fields.next()));
  position.course = parseInteger(fields.next());
  position.altitude = parseDecimal(fields.next());
  position.longitude = parseDecimal(fields.next());
  position.latitude = parseDecimal(fields.next());
  setFixTime(position, parseTime(fields.next()));
}

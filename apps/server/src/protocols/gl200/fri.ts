import type { DecodedPosition } from '../types.ts';
import { applyAnalog, applyDeviceStatus } from './io.ts';
import { applyLocation, LOCATION, LOCATIONS } from './location.ts';
import { IMEI, NAME, reportPattern, TAIL, VERSION, applyReportTime, matchReport } from './patterns.ts';
import { newPosition, set, type DecodeContext, type Report } from './position.ts';
import { optional, parseDecimal, parseHex, parseHours, parseInteger, present } from './values.ts';

/**
 * The fixed report family: FRI (fixed interval), GEO (geofence), RTL (real-time location
 * request), DOG (protocol watchdog), STR and CTN (GL-series start and continuous tracking). One
 * report may carry several fixes; what follows them depends on the model:
 * - personal trackers (GL300/GL500): backup battery voltage and level, mode, motion, temperature;
 * - vehicle trackers (GV series): odometer, hour meter, two analog inputs, battery level, device
 *   status, then with a CAN adapter the engine speed, fuel consumption and fuel level;
 * - asset trackers (GL50, GT501): signal and battery level;
 * - older models: odometer and battery level.
 * The send time's placement lets the pattern take the first that fits.
 */
const FRI = reportPattern(
  String.raw`\+(?:RESP|BUFF):GT...,`,
  VERSION,
  IMEI,
  String.raw`(?:(?<vin>[0-9A-Z]{17}),)?`,
  NAME,
  String.raw`(?<power>\d+)?,(?:(?<reportType>\d{1,2}),)?(?:\d{1,2},)?(?:\d*,)?(?:(?<headBatteryLevel>\d+),)?`,
  `(?<locations>${LOCATIONS})`,
  '(?:',
  String.raw`\d{1,2},(?<backupBattery>\d{1,5})?,(?<personalBatteryLevel>\d{1,3}),[01],(?:[01])?,(?<temperature>-?\d{1,2}\.\d)?,`,
  '|',
  String.raw`(?<odometer>\d{1,7}\.\d)?,(?<hours>\d{5}:\d{2}:\d{2})?,(?<adc1>[0-9a-fA-F]+)?,(?<adc2>[0-9a-fA-F]+)?,(?:\d*,)?(?<vehicleBatteryLevel>\d{1,3})?,(?<status>[0-9a-fA-F]{6})?,(?<rpm>\d+)?,(?:\d+\.?\d*|Inf|NaN)?,(?<fuel>\d+)?,`,
  '|',
  String.raw`(?<rssi>-?\d),(?<assetBatteryLevel>\d{1,3}),`,
  '|',
  String.raw`(?:(?<legacyOdometer>\d{1,7}\.\d)?,)?(?<legacyBatteryLevel>\d{1,3})?,`,
  ')',
  // Lazy, so that the send time right before the count number is captured.
  '.*?',
  TAIL,
);

const LOCATION_RUN = new RegExp(LOCATION, 'gs');

export function decodeFixedReport(sentence: string, context: DecodeContext): Report | null {
  const groups = matchReport(FRI, sentence);
  if (!groups) return null;

  let positions: DecodedPosition[] = [];
  for (const location of (groups.locations ?? '').matchAll(LOCATION_RUN)) {
    const position = newPosition(context);
    set(position, 'vin', groups.vin);
    applyLocation(position, location.groups ?? {});
    positions.push(position);
  }
  const last = positions.at(-1);
  if (!last) return null;

  // Small values in the power field are something else on some models.
  const power = optional(groups.power, parseInteger);
  if (power !== undefined && power > 10) set(last, 'power', power / 1000);
  set(last, 'batteryLevel', optional(groups.headBatteryLevel, parseInteger));

  const backupBattery = optional(groups.backupBattery, parseInteger);
  if (backupBattery !== undefined) set(last, 'battery', backupBattery / 1000);
  set(last, 'batteryLevel', optional(groups.personalBatteryLevel, parseInteger));
  set(last, 'temp1', optional(groups.temperature, parseDecimal));

  const odometer = optional(groups.odometer, parseDecimal);
  if (odometer !== undefined) set(last, 'odometer', odometer * 1000);
  set(last, 'hours', optional(groups.hours, parseHours));
  if (present(groups.adc1)) applyAnalog(last, 1, groups.adc1);
  if (present(groups.adc2)) applyAnalog(last, 2, groups.adc2);
  set(last, 'batteryLevel', optional(groups.vehicleBatteryLevel, parseInteger));
  if (present(groups.status)) applyDeviceStatus(last, parseHex(groups.status));
  set(last, 'rpm', optional(groups.rpm, parseInteger));
  set(last, 'fuel', optional(groups.fuel, parseInteger));

  if (present(groups.rssi) && present(groups.assetBatteryLevel)) {
    const reportType = optional(groups.reportType, parseInteger);
    if (reportType !== undefined) {
      set(last, 'motion', (reportType & 1) !== 0);
      set(last, 'charge', (reportType & 2) !== 0);
    }
    set(last, 'rssi', parseInteger(groups.rssi));
    set(last, 'batteryLevel', parseInteger(groups.assetBatteryLevel));
  }

  const legacyOdometer = optional(groups.legacyOdometer, parseDecimal);
  if (legacyOdometer !== undefined) set(last, 'odometer', legacyOdometer * 1000);
  set(last, 'batteryLevel', optional(groups.legacyBatteryLevel, parseInteger));

  applyReportTime(last, groups, context);
  if (context.ignoreFixTime) positions = [last];
  return { uniqueId: groups.imei, positions };
}

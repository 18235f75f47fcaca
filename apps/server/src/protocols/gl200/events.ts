import { applyLocation, LOCATION, readLocation } from './location.ts';
import { IMEI, NAME, reportPattern, TAIL, VERSION, decodeMatchedReport, matchReport } from './patterns.ts';
import { addAlarm, newPosition, readHeader, set, setReportTime, useLastFix, type DecodeContext, type Report } from './position.ts';
import { Fields, optional, parseDecimal, parseHours, parseInteger } from './values.ts';

/**
 * IGN/IGF (ignition on/off) and VGN/VGF (virtual ignition, from voltage or motion): how long the
 * ignition was in its previous state, the location, the hour meter and the odometer.
 */
export function decodeIgnitionReport(fields: Fields, type: string, context: DecodeContext): Report {
  const { model, uniqueId } = readHeader(fields, context);
  const position = newPosition(context);
  fields.skip(); // device name
  if (model === 'CV200') fields.skip(2); // reserved, report type
  fields.skip(); // duration of the previous state
  readLocation(position, fields, model);
  set(position, 'ignition', type === 'IGN' || type === 'VGN');
  set(position, 'hours', parseHours(fields.next()));
  const odometer = fields.decimal();
  if (odometer !== undefined) set(position, 'odometer', odometer * 1000);
  setReportTime(position, fields.time(), context);
  return { uniqueId, positions: [position] };
}

const SWITCH = reportPattern(String.raw`\+RESP:GT[LT]SW,`, VERSION, IMEI, NAME, String.raw`[01],(?<state>[01]),`, LOCATION, TAIL);

/** LSW and TSW: input 1 (the light sensor or the switch) and input 2 (the tamper switch) changed. */
export function decodeSwitchReport(sentence: string, type: string, context: DecodeContext): Report | null {
  return decodeMatchedReport(SWITCH, sentence, context, (position, groups) => {
    set(position, type === 'LSW' ? 'in1' : 'in2', groups.state === '1');
    applyLocation(position, groups);
  });
}

const IDA = reportPattern(
  String.raw`\+RESP:GTIDA,`,
  VERSION,
  IMEI,
  String.raw`[^,]*,,(?<driver>[^,]+),[01],1,`,
  LOCATION,
  String.raw`(?<mileage>\d+\.\d),,,,,`,
  TAIL,
);

/** IDA: a driver identified with an RFID card or iButton. */
export function decodeDriverReport(sentence: string, context: DecodeContext): Report | null {
  return decodeMatchedReport(IDA, sentence, context, (position, groups) => {
    set(position, 'driverUniqueId', groups.driver);
    applyLocation(position, groups);
    set(position, 'odometer', parseDecimal(groups.mileage ?? '') * 1000);
  });
}

const POWER = reportPattern(String.raw`\+RESP:GTP[NF]A,`, VERSION, IMEI, NAME, TAIL);

/** PNA and PFA: the device was switched on or off. */
export function decodePowerReport(sentence: string, type: string, context: DecodeContext): Report | null {
  const groups = matchReport(POWER, sentence);
  if (!groups) return null;
  const position = newPosition(context);
  useLastFix(position);
  addAlarm(position, type === 'PNA' ? 'powerOn' : 'powerOff');
  return { uniqueId: groups.imei, positions: [position] };
}

const DAR = reportPattern(
  String.raw`\+RESP:GTDAR,`,
  VERSION,
  IMEI,
  NAME,
  String.raw`(?<warning>\d),(?<fatigue>\d{1,2}),,,`,
  LOCATION,
  '.*?',
  TAIL,
);

/** DAR, the driver monitoring camera's warnings: type 1 is fatigue, with its degree. */
export function decodeDriverWarning(sentence: string, context: DecodeContext): Report | null {
  return decodeMatchedReport(DAR, sentence, context, (position, groups) => {
    const warning = parseInteger(groups.warning ?? '');
    if (warning === 1) {
      addAlarm(position, 'fatigueDriving');
      set(position, 'fatigueDegree', parseInteger(groups.fatigue ?? ''));
    } else {
      set(position, 'warningType', warning);
    }
    applyLocation(position, groups);
  });
}

const LSA = reportPattern(
  String.raw`\+RESP:GTLSA,`,
  VERSION,
  IMEI,
  NAME,
  String.raw`\d,\d,\d+,`,
  LOCATION,
  String.raw`\d+,(?<light>\d),(?<batteryLevel>\d+),[01],[01]?,(?<temperature>-?\d+\.\d)?,`,
  TAIL,
);

/** LSA, the light sensor alarm of asset trackers (a container or box opened), with battery and temperature. */
export function decodeLightReport(sentence: string, context: DecodeContext): Report | null {
  return decodeMatchedReport(LSA, sentence, context, (position, groups) => {
    applyLocation(position, groups);
    set(position, 'lightLevel', parseInteger(groups.light ?? ''));
    set(position, 'batteryLevel', parseInteger(groups.batteryLevel ?? ''));
    set(position, 'temp1', optional(groups.temperature, parseDecimal));
  });
}

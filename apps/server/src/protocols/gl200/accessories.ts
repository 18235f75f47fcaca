import type { DecodedPosition } from '../types.ts';
import { applyLocation, LOCATION, readLocation } from './location.ts';
import { IMEI, NAME, reportPattern, TAIL, VERSION, decodeMatchedReport } from './patterns.ts';
import { newPosition, readHeader, set, setReportTime, useLastFix, type DecodeContext, type Report } from './position.ts';
import { Fields, parseDecimal, parseHex, parseInteger } from './values.ts';

/** The optional values of a BLE accessory, by the bit of its append mask that announces them. */
type AccessoryValue = readonly [bit: number, key: string, read: (value: string) => string | number];

const ACCESSORY_VALUES: readonly AccessoryValue[] = [
  [0, 'accessoryName', (value) => value],
  [1, 'accessoryMac', (value) => value],
  [2, 'accessoryStatus', parseInteger],
  [3, 'accessoryVoltage', (value) => parseInteger(value) / 1000],
  [4, 'accessoryTemp', parseInteger],
  [5, 'accessoryHumidity', parseInteger],
];

/** Reads the accessory values `mask` announces from `values` (`a,b,c,`), in bit order. */
function applyAccessory(position: DecodedPosition, mask: number, values: string, bits: readonly number[]): void {
  const fields = new Fields(values);
  for (const [bit, key, read] of ACCESSORY_VALUES) {
    if (bits.includes(bit) && mask & (1 << bit)) set(position, key, read(fields.next()));
  }
}

const BAA = reportPattern(
  String.raw`\+RESP:GTBAA,`,
  VERSION,
  IMEI,
  NAME,
  String.raw`[0-9a-fA-F]+,\d,\d,[0-9a-fA-F]+,(?<mask>[0-9a-fA-F]{4}),(?<values>(?:[^,]+,){0,6})`,
  LOCATION,
  '.*?',
  TAIL,
);

/** BAA, an alarm of a BLE accessory (temperature or humidity out of range, low battery…), with its values. */
export function decodeAccessoryAlarm(sentence: string, context: DecodeContext): Report | null {
  return decodeAccessoryReport(BAA, [0, 1, 2, 3, 4, 5], sentence, context);
}

const BID = reportPattern(
  String.raw`\+RESP:GTBID,`,
  VERSION,
  IMEI,
  NAME,
  String.raw`\d,\d,(?<mask>[0-9a-fA-F]{4}),(?<values>(?:[^,]+,){0,2})`,
  LOCATION,
  '.*?',
  TAIL,
);

/** BID, a BLE accessory identified (paired): its MAC address and voltage. */
export function decodeAccessoryIdentification(sentence: string, context: DecodeContext): Report | null {
  return decodeAccessoryReport(BID, [1, 3], sentence, context);
}

/** BAA and BID alike: the accessory values the mask announces (of the given bits), the location, the report time. */
function decodeAccessoryReport(pattern: RegExp, bits: readonly number[], sentence: string, context: DecodeContext): Report | null {
  return decodeMatchedReport(pattern, sentence, context, (position, groups) => {
    applyAccessory(position, parseHex(groups.mask ?? ''), groups.values ?? '', bits);
    applyLocation(position, groups);
  });
}

const DTT = reportPattern(
  String.raw`\+RESP:GTDTT,`,
  VERSION,
  IMEI,
  String.raw`[^,]*,,,\d,\d+,(?<data>[0-9a-fA-F]+),`,
  TAIL,
);

/**
 * DTT, data from a serial accessory, hex-encoded. A fuel level sensor's `COMB,<id>,<level>,…`
 * line gives the fuel; anything else is kept as the command result.
 */
export function decodeSerialData(sentence: string, context: DecodeContext): Report | null {
  return decodeMatchedReport(DTT, sentence, context, (position, groups) => {
    useLastFix(position);
    const data = Buffer.from(groups.data ?? '', 'hex').toString('latin1');
    if (data.includes('COMB')) set(position, 'fuel', parseDecimal(new Fields(data).at(2)));
    else set(position, 'result', data);
  });
}

/** DAT, a text a serial accessory sent (such as a tachograph line), kept whole as `data`, with the location. */
export function decodeAccessoryText(fields: Fields, context: DecodeContext): Report {
  const { model, uniqueId } = readHeader(fields, context);
  const position = newPosition(context);
  fields.skip(4); // device name, report type, two reserved fields
  set(position, 'data', fields.next());
  readLocation(position, fields, model);
  setReportTime(position, fields.time(), context);
  return { uniqueId, positions: [position] };
}

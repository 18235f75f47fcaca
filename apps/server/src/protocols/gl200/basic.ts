import { addAlarm, newPosition, set, setNetwork, setReportTime, useLastFix, type DecodeContext, type Report } from './position.ts';
import { alarmOfType, harshBehaviourAlarm } from './alarms.ts';
import { cellTower, readFix } from './location.ts';
import { Fields, parseHex, parseInteger, parseTime } from './values.ts';

const REPORT_TYPE = /^[0-9a-fA-F]{1,2}$/;
const COORDINATE = /^-?\d{1,3}\.\d{6}$/;
const MCC_MNC = /^\d{4}$/;
const LAC = /^[0-9a-fA-F]{4}$/;
const CELL_ID = /^[0-9a-fA-F]{4,8}$/;
const TIME = /^\d{14}$/;
const PERCENT = /^\d{1,3}$/;

/**
 * Any other report, and those whose layout the specific decoders did not recognise: the report
 * type (third field after the IMEI) for the types that have one, the location found by its pair
 * of coordinates (HDOP, speed, course and altitude before them, GPS time after), the first cell
 * that follows, the send time, the battery level just before it, and the alarm the type stands
 * for. Returns null when none of this is there.
 */
export function decodeBasicReport(fields: Fields, type: string, context: DecodeContext): Report | null {
  const uniqueId = fields.at(2);
  const position = newPosition(context);

  const typeField = fields.at(5);
  if (REPORT_TYPE.test(typeField)) {
    const reportType = parseHex(typeField);
    if (type === 'NMR') set(position, 'motion', reportType === 1);
    else if (type === 'DIS') set(position, `in${reportType >> 4}`, reportType % 0x10 === 1);
    else if (type === 'IGL') set(position, 'ignition', reportType % 0x10 === 1);
    else if (type === 'HBM') addAlarm(position, harshBehaviourAlarm(reportType));
  }

  let located = false;
  for (fields.index = 3; fields.index + 2 < fields.length; fields.index += 1) {
    if (!COORDINATE.test(fields.peek()) || !COORDINATE.test(fields.peek(1))) continue;
    fields.skip(-4);
    position.valid = true;
    set(position, 'hdop', parseInteger(fields.next()));
    readFix(position, fields);
    located = true;
    break;
  }
  if (!located) {
    useLastFix(position);
    fields.index = 2;
  }

  for (; fields.index + 3 < fields.length; fields.index += 1) {
    const [mcc, mnc, lac, cid] = [0, 1, 2, 3].map((offset) => fields.peek(offset));
    if (MCC_MNC.test(mcc) && MCC_MNC.test(mnc) && LAC.test(lac) && CELL_ID.test(cid)) {
      const tower = cellTower(parseInteger(mcc), parseInteger(mnc), parseHex(lac), parseHex(cid));
      setNetwork(position, tower ? [tower] : []);
      break;
    }
  }

  const time = fields.at(fields.length - 2);
  if (TIME.test(time)) {
    setReportTime(position, parseTime(time), context);
    const battery = fields.at(fields.length - 3);
    if (located && PERCENT.test(battery)) set(position, 'batteryLevel', parseInteger(battery));
  }

  addAlarm(position, alarmOfType(type));
  return Object.keys(position.attributes).length > 0 || position.network ? { uniqueId, positions: [position] } : null;
}

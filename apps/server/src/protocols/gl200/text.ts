import { ProtocolError, type DecodeResult } from '../codec.ts';
import { decodeAccessoryAlarm, decodeAccessoryIdentification, decodeAccessoryText, decodeSerialData } from './accessories.ts';
import { decodeBasicReport } from './basic.ts';
import { decodeCanReport, decodeObdReport } from './can.ts';
import { decodeExtendedReport } from './eri.ts';
import { decodeDriverReport, decodeDriverWarning, decodeIgnitionReport, decodeLightReport, decodePowerReport, decodeSwitchReport } from './events.ts';
import { MAX_TEXT_LENGTH } from './frame.ts';
import { decodeFixedReport } from './fri.ts';
import { decodeCellReport, decodeCells, decodeInformation, decodeVersion, decodeWifi } from './info.ts';
import { newPosition, set, useLastFix, type DecodeContext, type Report } from './position.ts';
import { Fields } from './values.ts';

/** What a text report decoder reads: the sentence whole (pattern decoders) or split into fields. */
interface Sentence {
  text: string;
  fields: Fields;
  /** The three letters after `:GT` (`FRI` of `+RESP:GTFRI`). */
  type: string;
}

type TextDecoder = (sentence: Sentence, context: DecodeContext) => Report | null;

const fixed: TextDecoder = ({ text }, context) => decodeFixedReport(text, context);
const ignition: TextDecoder = ({ fields, type }, context) => decodeIgnitionReport(fields, type, context);

/** The report types with a layout of their own; every other type is read by what it looks like. */
const DECODERS = new Map<string, TextDecoder>([
  ['INF', ({ fields }, context) => decodeInformation(fields, context)],
  ['OBD', ({ text }, context) => decodeObdReport(text, context)],
  ['CAN', ({ fields }, context) => decodeCanReport(fields, context)],
  ['CTN', fixed],
  ['FRI', fixed],
  ['GEO', fixed],
  ['RTL', fixed],
  ['DOG', fixed],
  ['STR', fixed],
  ['ERI', ({ fields }, context) => decodeExtendedReport(fields, context)],
  ['IGN', ignition],
  ['IGF', ignition],
  ['VGN', ignition],
  ['VGF', ignition],
  ['LSW', ({ text, type }, context) => decodeSwitchReport(text, type, context)],
  ['TSW', ({ text, type }, context) => decodeSwitchReport(text, type, context)],
  ['IDA', ({ text }, context) => decodeDriverReport(text, context)],
  ['WIF', ({ text }, context) => decodeWifi(text, context)],
  ['GSM', ({ text }, context) => decodeCells(text, context)],
  ['VER', ({ text }, context) => decodeVersion(text, context)],
  ['PNA', ({ text, type }, context) => decodePowerReport(text, type, context)],
  ['PFA', ({ text, type }, context) => decodePowerReport(text, type, context)],
  ['DAR', ({ text }, context) => decodeDriverWarning(text, context)],
  ['DTT', ({ text }, context) => decodeSerialData(text, context)],
  ['BAA', ({ text }, context) => decodeAccessoryAlarm(text, context)],
  ['BID', ({ text }, context) => decodeAccessoryIdentification(text, context)],
  ['LSA', ({ text }, context) => decodeLightReport(text, context)],
  ['LBS', ({ fields }, context) => decodeCellReport(fields, context)],
  ['DAT', ({ fields }, context) => decodeAccessoryText(fields, context)],
]);

const HEARTBEAT = '+ACK:GTHBD';

/**
 * A text message: `+RESP:GTxxx,…` (live), `+BUFF:GTxxx,…` (stored while offline, same layout)
 * or `+ACK:GTxxx,…`, an acknowledgement of a command or the heartbeat. The heartbeat is
 * answered with `+SACK:GTHBD,<protocol version>,<count number>$`, which the device waits for to
 * keep its connection. With
 * `gl200.ack` (`ackAll`) every message is answered with `+SACK:<count number>$`, for devices
 * configured to wait for it before dropping the message from their buffer.
 */
export function decodeText(frame: Buffer, context: DecodeContext, ackAll: boolean): DecodeResult {
  if (frame.length > MAX_TEXT_LENGTH) throw new ProtocolError(`gl200: a ${frame.length}-byte text report is too long`);
  const text = frame.toString('latin1').replace(/[$\0]$/, '');
  const typeAt = text.indexOf(':GT');
  if (typeAt < 0) return {};
  const fields = new Fields(text);
  const count = fields.at(fields.length - 1);
  const replies: string[] = [];

  let report: Report | null;
  if (text.startsWith('+ACK')) {
    report = decodeAcknowledgement(fields, context);
    if (fields.at(0) === HEARTBEAT) replies.push(`+SACK:GTHBD,${fields.at(1)},${count}$`);
  } else {
    const sentence: Sentence = { text, fields, type: text.slice(typeAt + 3, typeAt + 6) };
    report = DECODERS.get(sentence.type)?.(sentence, context) ?? null;
    report ??= decodeBasicReport(new Fields(text), sentence.type, context);
    for (const position of report?.positions ?? []) set(position, 'type', sentence.type);
    // Not recognised, but the IMEI is where every report has it.
    report ??= { uniqueId: fields.at(2), positions: [] };
  }
  if (ackAll) replies.push(`+SACK:${count}$`);

  const result: DecodeResult = { uniqueId: report.uniqueId, positions: report.positions };
  if (replies.length > 0) result.reply = Buffer.from(replies.join(''), 'latin1');
  return result;
}

/** The device's answer to a command: its header (`+ACK:GTRTO`) is the result; the heartbeat has none. */
function decodeAcknowledgement(fields: Fields, context: DecodeContext): Report {
  const uniqueId = fields.at(2);
  if (fields.at(0) === HEARTBEAT) return { uniqueId, positions: [] };
  const position = newPosition(context);
  useLastFix(position, fields.time());
  set(position, 'result', fields.at(0));
  return { uniqueId, positions: [position] };
}

import type { ConnectionState, DecodeResult } from '../codec.ts';
import { decodeBattery } from './battery.ts';
import { decodeBms } from './bms.ts';
import { decodeResult, decodeVin } from './info.ts';
import type { Message } from './message.ts';
import { decodeCellAndWifi, decodeCells, decodeServingCell } from './network.ts';
import { decodeReport } from './report.ts';

/**
 * Decodes one `(...)` message. The original firmware writes a 12-character serial and a
 * 4-character command code at fixed places: `BP00` (handshake) is answered `AP01HSO`, `BP05`
 * (login, with a position) `AP05`, and a `BO01` alarm `AS01` with its alarm digit, which the
 * device otherwise repeats. Other layouts are told apart by their codes.
 */
export function decodeTk103(frame: Buffer, state: ConnectionState, receivedAt: Date): DecodeResult {
  const sentence = frame.toString('latin1');
  const serial = sentence.slice(1, 13);
  const code = sentence.slice(13, 17);
  if (code === 'BP00') return { uniqueId: serial, reply: answer(serial, 'AP01HSO') };

  const message = decodeMessage(sentence, state, receivedAt);
  const result: DecodeResult = message ? { uniqueId: message.uniqueId, positions: message.positions } : {};
  const alarm = sentence[17];
  if (code === 'BP05') result.reply = answer(serial, 'AP05');
  else if (code === 'BO01' && message && alarm >= '0' && alarm <= '9') result.reply = answer(serial, `AS01${alarm}`);
  return result;
}

function answer(serial: string, body: string): Buffer {
  return Buffer.from(`(${serial}${body})`, 'latin1');
}

function decodeMessage(sentence: string, state: ConnectionState, receivedAt: Date): Message | null {
  if (sentence.indexOf('{') > 0 && sentence.indexOf('}') > 0) return decodeCells(sentence, receivedAt);
  if (sentence.includes('ZC20')) return decodeBattery(sentence);
  if (sentence.includes('BZ00')) return decodeServingCell(sentence, receivedAt);
  if (sentence.includes('ZC03')) return decodeResult(sentence);
  if (sentence.includes('DW5')) return decodeCellAndWifi(sentence);
  if (sentence.includes('BV00')) return decodeVin(sentence, receivedAt);
  if (sentence.includes('BS50') || sentence.includes('BS51')) return decodeBms(sentence, receivedAt);
  return decodeReport(sentence, state, receivedAt);
}

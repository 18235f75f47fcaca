import type { ConnectionState, DecodeResult } from '../codec.ts';
import { decodeAlternative } from './alternative.ts';
import { decodeObd } from './obd.ts';
import { decodeReport } from './report.ts';

/** The answer to a login, `##,imei:<imei>,A;`: the device starts reporting once it has it. */
const LOAD = Buffer.from('LOAD', 'latin1');
/** The answer to a heartbeat, the bare IMEI. */
const ON = Buffer.from('ON', 'latin1');

/** Traccar's test for a login: anything this short that names an IMEI. */
const LOGIN_LENGTH = 30;

/**
 * Decodes one message. Every message but the heartbeat names the IMEI after `imei:`. Some
 * firmwares put the heartbeat's IMEI in front of a report (`<imei>imei:<imei>,tracker,...`):
 * the heartbeat is answered and the report decoded.
 */
export function decodeGps103(frame: Buffer, _state: ConnectionState, receivedAt: Date): DecodeResult {
  const sentence = frame.toString('latin1');
  if (sentence.includes('imei:') && sentence.length <= LOGIN_LENGTH) {
    const imei = /imei:(\d+),/.exec(sentence)?.[1];
    return imei ? { uniqueId: imei, reply: LOAD } : { reply: LOAD };
  }
  if (!/^\d/.test(sentence)) return decodeMessage(sentence, receivedAt);

  const start = sentence.indexOf('imei:');
  if (start < 0) {
    const heartbeat = sentence.replace(/[;*\r\n]+$/, '');
    return /^\d+$/.test(heartbeat) ? { uniqueId: heartbeat, reply: ON } : { reply: ON };
  }
  const result = decodeMessage(sentence.slice(start), receivedAt);
  return { ...result, reply: result.reply ? Buffer.concat([ON, result.reply]) : ON };
}

function decodeMessage(sentence: string, receivedAt: Date): DecodeResult {
  const header = /^imei:(?<imei>\d+),(?<type>[^,]*)/.exec(sentence)?.groups;
  if (!header) return {};
  const uniqueId = header.imei;
  // Photo packets (`vr`, after a `vtNN` report announced their count): Traccar stores the image; Rastro keeps no media.
  if (header.type.startsWith('vr')) return { uniqueId };
  const decoded = header.type.startsWith('OBD')
    ? decodeObd(sentence)
    : sentence.endsWith('*')
      ? decodeAlternative(sentence)
      : decodeReport(sentence, receivedAt);
  // A message that does not read still says the device is there.
  return decoded ?? { uniqueId };
}

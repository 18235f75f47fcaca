import { decodedPosition } from '../../position/create.ts';
import { KEY } from '../../position/keys.ts';
import { ProtocolError, type ConnectionState, type DecodeResult } from '../codec.ts';
import { decodeReport, hasReport, RST_PROTOCOL } from './report.ts';

/** `RST;<A|L>;<model>;<firmware>;<serial>;<index>;<event>;…;FIM;` (`A` or `L`, which Traccar names the archive flag). */
const HEAD = /^RST;[AL];([^;]+);([^;]+);(\d{9});(\d+);(\d+);(.*)FIM;$/;

/** The event of a reply to a command: it carries no report. */
const COMMAND_RESULT = 134;

/**
 * RST trackers (Brazil). Every message is acknowledged with its model, firmware, serial and index
 * (as a number, without leading zeros) and event 6. Reports whose block does not parse (other event layouts) are acknowledged only.
 */
export function decodeRst(frame: Buffer, _state: ConnectionState, receivedAt: Date): DecodeResult {
  const head = HEAD.exec(frame.toString('latin1').trimEnd());
  if (!head) throw new ProtocolError('rst: not an RST;…;FIM; message');
  const [, model, firmware, serial, index, eventText, rest] = head;
  const event = Number(eventText);
  const reply = Buffer.from(`RST;A;${model};${firmware};${serial};${index.replace(/^0+(?=\d)/, '')};6;FIM;`, 'latin1');

  const fields = rest.split(';').slice(0, -1);
  if (hasReport(fields)) return { uniqueId: serial, reply, positions: [decodeReport(fields, event)] };
  if (event === COMMAND_RESULT) {
    const position = decodedPosition(RST_PROTOCOL, receivedAt, { valid: false, outdated: true });
    position.attributes[KEY.result] = eventText;
    return { uniqueId: serial, reply, positions: [position] };
  }
  return { uniqueId: serial, reply };
}

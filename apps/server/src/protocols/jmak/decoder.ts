import { ProtocolError, type DecodeResult } from '../codec.ts';
import { decodedPosition } from '../../position/create.ts';
import { CAN_FIELDS, decodeFields, EVENT_FIELDS, LOCATION_BITS } from './fields.ts';

export const JMAK_PROTOCOL = 'jmak';

/** The server answers every report and notice with this. */
const ACK = Buffer.from('ACK', 'ascii');

/**
 * `~<event group>[|<CAN group>]$`, groups of `;`-separated values; the third value of the event
 * group is the IMEI. `^…$` notices and JSON messages are acknowledged but carry nothing decoded.
 */
export function decodeJmak(frame: Buffer, receivedAt: Date): DecodeResult {
  const sentence = frame.toString('latin1');
  if (sentence.startsWith('{') || sentence.startsWith('^')) return { reply: ACK };
  if (!sentence.startsWith('~') || !sentence.endsWith('$')) return {};
  const [event, can] = sentence.slice(1, -1).split('|');
  const values = event.split(';');
  const uniqueId = values.at(2);
  if (!uniqueId) throw new ProtocolError('jmak: report without an IMEI');

  const position = decodedPosition(JMAK_PROTOCOL, receivedAt, { valid: false, outdated: false });
  const mask = decodeFields(position, values, EVENT_FIELDS);
  position.outdated = (mask & LOCATION_BITS) !== LOCATION_BITS;
  if (can !== undefined) decodeFields(position, can.split(';'), CAN_FIELDS);
  return { uniqueId, positions: [position], reply: ACK };
}

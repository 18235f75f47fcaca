import type { ConnectionState, DecodeResult } from '../codec.ts';
import { addAlarm, KEY } from '../../position/keys.ts';
import type { DecodedPosition } from '../types.ts';
import { remember } from './connection.ts';
import { unescape } from './frame.ts';
import { decodeHealth, isHealthType } from './health.ts';
import { decodeLocation } from './location.ts';
import { decodePhoto, decodeVoice, decodeVoicePart } from './media.ts';
import { envelope, parseMessage } from './message.ts';
import { outdatedPosition } from './position.ts';
import { fields, integer } from './values.ts';

const LOCATION_TYPE = /^(UD|AL|WT)/;

/**
 * Decodes one watch message; each carries the device id. The watch waits for the link keep-alive
 * (LK), alarms (AL…), INIT and the voice-message check (TKQ, TKQ2) to be answered with their own
 * type, and for each part of a JXTK voice message to be acknowledged; locations go unanswered.
 * Voice messages (TK, TK2, JXTK in parts) and photos (img) are files on an outdated position.
 */
export function decodeWatch(frame: Buffer, state: ConnectionState, receivedAt: Date): DecodeResult {
  const message = parseMessage(unescape(frame));
  remember(state, message);
  const { id: uniqueId, type } = message;
  const reply = (content: string) => envelope(message.manufacturer, message.id, message.index, Buffer.from(content, 'latin1'));
  const body = message.body.toString('latin1');

  if (type === 'INIT') return { uniqueId, reply: reply('INIT,1') };
  if (type === 'TKQ' || type === 'TKQ2') return { uniqueId, reply: reply(type) };
  if (type === 'JXTK') return { uniqueId, ...decodeVoicePart(message.body, state, receivedAt), reply: reply('JXTKR,1') };
  if (type === 'TK' || type === 'TK2') return { uniqueId, ...decodeVoice(message.body, receivedAt) };
  if (type === 'img') return { uniqueId, ...decodePhoto(message.body, receivedAt) };
  if (type === 'LK') return { uniqueId, positions: linkStatus(body, receivedAt), reply: reply('LK') };

  if (LOCATION_TYPE.test(type)) {
    const position = decodeLocation(body);
    const positions = position ? [position] : [];
    if (!type.startsWith('AL')) return { uniqueId, positions };
    // An alarm whose status word names none is still an alarm.
    if (position && position.attributes[KEY.alarm] === undefined) addAlarm(position.attributes, 'general');
    return { uniqueId, positions, reply: reply('AL') };
  }

  const health = isHealthType(type) ? decodeHealth(type, body, receivedAt) : null;
  return health ? { uniqueId, positions: [health] } : { uniqueId };
}

/** `LK,steps,tumbles,battery %`: a status without location; a bare `LK` is only a keep-alive. */
function linkStatus(body: string, receivedAt: Date): DecodedPosition[] {
  const values = fields(body);
  if (values.length < 3) return [];
  const steps = integer(values[0]);
  const battery = integer(values[2]);
  if (steps === undefined || battery === undefined) return [];
  const position = outdatedPosition(receivedAt);
  position.attributes[KEY.steps] = steps;
  position.attributes[KEY.batteryLevel] = battery;
  return [position];
}

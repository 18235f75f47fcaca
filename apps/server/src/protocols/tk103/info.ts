import { KEY } from '../../position/keys.ts';
import type { Message } from './message.ts';
import { timeOf, newPosition } from './position.ts';

/** `(<id>,ZC03,<ddmmyy>,<hhmmss>,$<text>$)`: the device's answer to a command, as free text. */
const RESULT = /^\(?(?<id>\d+),.{4},(?<day>\d\d)(?<month>\d\d)(?<year>\d\d),(?<hour>\d\d)(?<minute>\d\d)(?<second>\d\d),\$(?<text>[\s\S]*?)(?:\$|$)/;

/** `(<serial>BV00<vin>)`: the vehicle identification number read from the car. */
const VIN = /^\((?<id>\d+)BV00(?<vin>.{17})\)$/s;

export function decodeResult(sentence: string): Message | null {
  const groups = RESULT.exec(sentence)?.groups;
  if (!groups?.id) return null;
  const position = newPosition(timeOf(groups));
  if (groups.text) position.attributes[KEY.result] = groups.text;
  return { uniqueId: groups.id, positions: [position] };
}

export function decodeVin(sentence: string, receivedAt: Date): Message | null {
  const groups = VIN.exec(sentence)?.groups;
  if (!groups?.id || !groups.vin) return null;
  const position = newPosition(receivedAt);
  position.attributes[KEY.vin] = groups.vin;
  return { uniqueId: groups.id, positions: [position] };
}

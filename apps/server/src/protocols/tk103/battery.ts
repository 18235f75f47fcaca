import { KEY } from '../../position/keys.ts';
import type { Message } from './message.ts';
import { timeOf, integer, newPosition } from './position.ts';

/** `(<id>,ZC20,<ddmmyy>,<hhmmss>,<level 0-6>,<battery cV>,<power dV>,<installed>)`; 255 and 65535 mean "not measured". */
const BATTERY = /^\(?(?<id>\d+),ZC20,(?<day>\d\d)(?<month>\d\d)(?<year>\d\d),(?<hour>\d\d)(?<minute>\d\d)(?<second>\d\d),(?<level>\d+),(?<battery>\d+),(?<power>\d+),\d+/;

/** The level steps in percent, from step 2 (10%) to 6 (full). */
const LEVELS = new Map([
  [6, 100],
  [5, 80],
  [4, 50],
  [3, 20],
  [2, 10],
]);

const NOT_MEASURED = 65535;

export function decodeBattery(sentence: string): Message | null {
  const groups = BATTERY.exec(sentence)?.groups;
  if (!groups?.id) return null;
  const position = newPosition(timeOf(groups));
  const { attributes } = position;
  const level = LEVELS.get(integer(groups.level));
  if (level !== undefined) attributes[KEY.batteryLevel] = level;
  const battery = integer(groups.battery);
  if (battery !== NOT_MEASURED) attributes[KEY.battery] = battery / 100;
  const power = integer(groups.power);
  if (power !== NOT_MEASURED) attributes[KEY.power] = power / 10;
  return { uniqueId: groups.id, positions: [position] };
}

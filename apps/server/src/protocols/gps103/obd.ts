import type { DecodeResult } from '../codec.ts';
import { KEY } from '../../position/keys.ts';
import { newPosition, numberOf, utcTimeOf } from './position.ts';

/**
 * `imei:<imei>,OBD,<yymmddhhmmss>,<odometer>,<instant fuel>,<average fuel>,<engine hours>,<speed>,
 * <engine load %>,<coolant temperature>,<throttle %>,<rpm>,<battery volts>,<trouble codes...>`:
 * engine data without a fix. The time is UTC.
 */
const OBD = new RegExp(
  [
    '^imei:(?<imei>\\d+),OBD,',
    '(?<year>\\d\\d)(?<month>\\d\\d)(?<day>\\d\\d)(?<hour>\\d\\d)(?<minute>\\d\\d)(?<second>\\d\\d),',
    '(?<odometer>\\d+)?,(?:\\d+\\.\\d+)?,(?<fuelAverage>\\d+\\.\\d+)?,(?<hours>\\d+)?,(?<speed>\\d+),',
    '(?<load>\\d+\\.?\\d*%),(?:(?<coolant>[-+]?\\d+)|[-+]?),(?<throttle>\\d+\\.?\\d*%),(?<rpm>\\d+),(?<battery>\\d+\\.\\d+),',
    '(?<dtcs>[^;]*)',
  ].join(''),
  's',
);

export function decodeObd(sentence: string): DecodeResult | null {
  const groups = OBD.exec(sentence)?.groups;
  if (!groups?.imei) return null;
  const time = utcTimeOf(groups);
  const position = newPosition(time);
  const { attributes } = position;
  attributes[KEY.odometer] = numberOf(groups.odometer) ?? 0;
  attributes[KEY.fuelConsumption] = numberOf(groups.fuelAverage) ?? 0;
  const hours = numberOf(groups.hours);
  if (hours !== undefined) attributes[KEY.hours] = hours * 3_600_000;
  attributes[KEY.obdSpeed] = Number(groups.speed);
  // Load and throttle stay text with their `%`, as Traccar stores them.
  attributes.engineLoad = groups.load;
  const coolant = numberOf(groups.coolant);
  if (coolant !== undefined) attributes.coolantTemp = coolant;
  attributes[KEY.throttle] = groups.throttle;
  attributes[KEY.rpm] = Number(groups.rpm);
  attributes[KEY.battery] = Number(groups.battery);
  const dtcs = (groups.dtcs ?? '').replaceAll(',', ' ').trim();
  if (dtcs) attributes[KEY.dtcs] = dtcs;
  return { uniqueId: groups.imei, positions: [position] };
}

import { KNOTS_PER_KMH } from '@rastro/api';
import type { DecodeResult } from '../codec.ts';
import { KEY } from '../../position/keys.ts';
import { newPosition, numberOf, utcTimeOf } from './position.ts';

/**
 * The alternative report, ended by `*`: `imei:<imei>,<name>,<event>,<sensor id>,<sensor volts>,
 * <hhmmss>,<ddmmyy>,<rssi>,<gps status>,<lat>,<lon>,<km/h>,<course>,<altitude>,<hdop>,<satellites>,
 * <ignition>,<charging>,<error>,*` with decimal degrees and UTC time. Dashes fill empty text fields.
 */
const ALTERNATIVE = new RegExp(
  [
    '^imei:(?<imei>\\d+),[^,]+,(?<event>[^,]*),(?<sensorId>[^,]*),(?<sensorVoltage>[^,]*),',
    '(?<hour>\\d\\d)(?<minute>\\d\\d)(?<second>\\d\\d),(?<day>\\d\\d)(?<month>\\d\\d)(?<year>\\d\\d),',
    '(?<rssi>\\d+),(?<fix>\\d),(?<lat>-?\\d+\\.\\d+),(?<lon>-?\\d+\\.\\d+),(?<speed>\\d+),(?<course>\\d+),(?<altitude>-?\\d+),',
    '(?<hdop>\\d+\\.\\d+),(?<sat>\\d+),(?<ignition>[01]),(?<charge>[01]),(?<error>[^,]*)',
  ].join(''),
);

/** A dash-only field says "nothing". */
function textOf(value: string | undefined): string | undefined {
  return value === undefined || /^-*$/.test(value) ? undefined : value;
}

export function decodeAlternative(sentence: string): DecodeResult | null {
  const groups = ALTERNATIVE.exec(sentence)?.groups;
  if (!groups?.imei) return null;
  const time = utcTimeOf(groups);
  const position = newPosition(time);
  position.outdated = false;
  position.valid = Number(groups.fix) > 0;
  position.latitude = Number(groups.lat);
  position.longitude = Number(groups.lon);
  position.speed = Number(groups.speed) * KNOTS_PER_KMH;
  position.course = Number(groups.course);
  position.altitude = Number(groups.altitude);

  const { attributes } = position;
  const event = textOf(groups.event);
  if (event) attributes[KEY.event] = event;
  const sensorId = textOf(groups.sensorId);
  if (sensorId) attributes.sensorId = sensorId;
  const sensorVoltage = numberOf(textOf(groups.sensorVoltage));
  if (sensorVoltage !== undefined) attributes.sensorVoltage = sensorVoltage;
  attributes[KEY.rssi] = Number(groups.rssi);
  attributes[KEY.hdop] = Number(groups.hdop);
  attributes[KEY.sat] = Number(groups.sat);
  attributes[KEY.ignition] = groups.ignition === '1';
  attributes[KEY.charge] = groups.charge === '1';
  const error = textOf(groups.error);
  if (error) attributes.error = error;
  return { uniqueId: groups.imei, positions: [position] };
}

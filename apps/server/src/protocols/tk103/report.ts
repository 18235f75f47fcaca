import { type Attributes, KNOTS_PER_KMH, KNOTS_PER_MPH, KNOTS_PER_MPS } from '@rastro/api';
import { ProtocolError, type ConnectionState } from '../codec.ts';
import { booleanSetting, textSetting } from '../kit/settings.ts';
import { KEY, PREFIX } from '../../position/keys.ts';
import { readEvent } from './events.ts';
import type { Message } from './message.ts';
import { integer, newPosition, utcTime } from './position.ts';

const HEX = '[0-9a-fA-F]';

/**
 * A position message in one of two layouts. The original one is fixed-width after a 12-character
 * serial: `(<serial><code><yymmdd><A|V><ddmm.mmmm><N|S><dddmm.mmmm><E|W><speed km/h><hhmmss>
 * <course><charging><ignition><3 io digits><fuel>L<odometer>...)`. The other separates fields
 * with commas after an id of any length, and writes the date `ddmmyy`. Some codes put data (the
 * `BO01` alarm digit, a `BP05` IMEI) or `,ALARM,<n>,<x>,` before the date.
 */
const REPORT = new RegExp(
  [
    '^\\(?',
    '(?:(?<serial>.{12})|(?<id>[^,]+),)',
    '(?<type>.{4}),?',
    '(?:(?<data>\\d*)|,ALARM,(?<alarm>\\d),\\d+,)',
    '(?<d1>\\d\\d)(?<d2>\\d\\d)(?<d3>\\d\\d),?',
    '(?<validity>[AV]),?',
    ' *(?<latDeg>\\d*)(?<latMin>\\d\\d\\.\\d+)(?<latHem>[NS]),?',
    ' *(?<lonDeg>\\d*)(?<lonMin>\\d\\d\\.\\d+)(?<lonHem>[EW]),?',
    '(?<speed>[ \\d.]{1,5})(?:\\d*,)?',
    '(?<hour>\\d\\d)(?<minute>\\d\\d)(?<second>\\d\\d),?',
    '(?:(?:(?<course>[ \\d.]{6})|(?<shortCourse>\\d\\d)),?',
    `(?<charge>[01])(?<ignition>[01])(?<io1>${HEX})(?<io2>${HEX})(?<io3>${HEX})(?<fuel>${HEX}{3})L(?<odometer>${HEX}+)`,
    '|(?<decimalCourse>\\d+\\.\\d+))',
    '(?<rest>.*)$',
  ].join(''),
  's',
);

/** A temperature closing the message, `+017.7`: Traccar's pattern names it, but its greedy tail swallows it first. */
const TEMPERATURE = /([+-]\d{3}\.\d)\)?$/;

type Groups = Partial<Record<string, string>>;

export function decodeReport(sentence: string, state: ConnectionState, receivedAt: Date): Message | null {
  const groups: Groups | undefined = REPORT.exec(sentence)?.groups;
  if (!groups?.type) return null;
  const commaSeparated = groups.id !== undefined;
  const uniqueId = groups.id ?? groups.serial ?? '';
  const position = newPosition(receivedAt);
  const { attributes } = position;
  const data = groups.alarm ?? (groups.data || undefined);
  readEvent(groups.type, data, attributes);

  const [d1, d2, d3] = [groups.d1, groups.d2, groups.d3].map(Number);
  const [year, month, day] = commaSeparated ? [d3, d2, d1] : [d1, d2, d3];
  position.outdated = false;
  position.valid = groups.validity === 'A';
  position.deviceTime = position.fixTime = utcTime(year, month, day, Number(groups.hour), Number(groups.minute), Number(groups.second));
  position.latitude = coordinate(groups.latDeg, groups.latMin, groups.latHem === 'S');
  position.longitude = coordinate(groups.lonDeg, groups.lonMin, groups.lonHem === 'W');
  position.speed = speedInKnots(decimal(groups.speed) ?? 0, state);
  position.course = decimal(groups.course ?? groups.shortCourse ?? groups.decimalCourse) ?? 0;

  if (groups.charge !== undefined) {
    attributes[KEY.charge] = groups.charge === '0';
    attributes[KEY.ignition] = groups.ignition === '1';
    readInputs(integer(groups.io1, 16), integer(groups.io2, 16), integer(groups.io3, 16), booleanSetting(state, 'tk103.decodeLow') ?? false, attributes);
    attributes[KEY.fuel] = integer(groups.fuel, 16);
    attributes[KEY.odometer] = integer(groups.odometer, 16);
  }

  const temperature = TEMPERATURE.exec(groups.rest ?? '')?.[1];
  if (temperature !== undefined) attributes[`${PREFIX.temp}1`] = Number(temperature);
  return { uniqueId, positions: [position] };
}

function coordinate(degrees = '', minutes = '0', negative: boolean): number {
  const value = Number(degrees || 0) + Number(minutes) / 60;
  return negative ? -value : value;
}

/** Speed and course fields may be padded with spaces; a field of spaces and dots alone refuses the message. */
function decimal(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value)) throw new ProtocolError(`tk103: expected a number, got ${JSON.stringify(text)}`);
  return value;
}

/** Devices send km/h unless `tk103.speed` says otherwise (`mps`, `mph`, `kn`). */
function speedInKnots(value: number, state: ConnectionState): number {
  switch (textSetting(state, 'tk103.speed') ?? 'kmh') {
    case 'kmh':
      return value * KNOTS_PER_KMH;
    case 'mps':
      return value * KNOTS_PER_MPS;
    case 'mph':
      return value * KNOTS_PER_MPH;
    default:
      return value;
  }
}

/**
 * The three io digits. Traccar stores 1/0 numbers; `blocked`, `door`, `hs1`-`hs3` and `ls1`-`ls3`
 * only when set, unless `tk103.decodeLow` asks for the cleared ones too.
 */
function readInputs(first: number, second: number, third: number, decodeLow: boolean, attributes: Attributes): void {
  const bit = (value: number, index: number) => ((value >> index) & 1) as 0 | 1;
  const put = (key: string, value: 0 | 1, always: boolean) => {
    if (always || decodeLow || value === 1) attributes[key] = value;
  };
  put(`${PREFIX.in}2`, bit(first, 0), true);
  put('panic', bit(first, 1), true);
  put(`${PREFIX.out}2`, bit(first, 2), true);
  put(KEY.blocked, bit(first, 3), false);
  for (let i = 0; i < 3; i++) put(`hs${3 - i}`, bit(second, i), false);
  put(KEY.door, bit(second, 3), false);
  for (let i = 1; i <= 3; i++) put(`ls${4 - i}`, bit(third, i), false);
}

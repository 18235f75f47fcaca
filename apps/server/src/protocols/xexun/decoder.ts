import { KNOTS_PER_KMH, KNOTS_PER_MPH, KNOTS_PER_MPS, type Alarm } from '@rastro/api';
import type { ConnectionState, DecodeResult } from '../codec.ts';
import { textSetting } from '../kit/settings.ts';
import { decodedPosition } from '../../position/create.ts';
import { addAlarm, KEY } from '../../position/keys.ts';

export const XEXUN_PROTOCOL = 'xexun';

/**
 * The RMC sentence up to the IMEI: time, validity, `ddmm.mmmm` coordinates (the degrees may be
 * missing, the longitude's hemisphere too), speed, course, date, checksum (some firmware breaks
 * the line after it), the GSM signal flag F/L, an optional event text, then `imei:<digits>,`.
 */
const CORE = [
  'G[PN]RMC,',
  '(?:(?<hour>\\d{2})(?<minute>\\d{2})(?<second>\\d{2}))?\\.?\\d*,',
  '(?<validity>[AV]),',
  '(?<latDeg>\\d*?)(?<latMin>\\d?\\d\\.\\d+),(?<latHem>[NS]),',
  '(?<lonDeg>\\d*?)(?<lonMin>\\d?\\d\\.\\d+),(?<lonHem>[EW])?,',
  '(?<speed>\\d+\\.?\\d*),',
  '(?<course>\\d+\\.?\\d*)?,',
  '(?:(?<day>\\d{2})(?<month>\\d{2})(?<year>\\d{2}))?,',
  '[^*]*\\*[0-9a-fA-F]{2}(?:\\r\\n)?',
  ',(?<signal>[FL]),',
  '(?:(?<event>[^,]*),)?',
  '.*imei:(?<imei>\\d+),',
].join('');

const BASIC = new RegExp(`^${CORE}`, 's');

/** The whole line: serial and phone number before the sentence; satellites, altitude and power after the IMEI. */
const FULL = new RegExp(`^.*?(?<serial>\\d+),(?<phone>[^,]+)?,${CORE}(?<sat>\\d+),(?<altitude>-?\\d+\\.\\d+)?,[FL]:(?<power>\\d+\\.\\d+)V.*$`, 's');

/** The event texts firmware writes, lower-cased. */
const EVENTS: Record<string, { ignition?: boolean; alarm?: Alarm } | undefined> = {
  'acc on': { ignition: true },
  accstart: { ignition: true },
  'acc off': { ignition: false },
  accstop: { ignition: false },
  'help me!': { alarm: 'sos' },
  'help me': { alarm: 'sos' },
  'low battery': { alarm: 'lowBattery' },
  'move!': { alarm: 'movement' },
  'moved!': { alarm: 'movement' },
};

/** Speed is in knots unless the server's `xexun.speed` names another unit (kmh, mps, mph). */
const SPEED_UNITS: Record<string, number | undefined> = { kmh: KNOTS_PER_KMH, mps: KNOTS_PER_MPS, mph: KNOTS_PER_MPH };

type Groups = Record<string, string | undefined>;

function coordinate(degrees: string | undefined, minutes: string | undefined, hemisphere: string | undefined): number {
  const value = Number(degrees || 0) + Number(minutes) / 60;
  return hemisphere === 'S' || hemisphere === 'W' ? -value : value;
}

/**
 * One message: the whole line when its extended fields are there (Traccar's `xexun.extended`
 * format), else the RMC core alone (its basic format), wherever the sentence starts.
 */
export function decodeXexun(frame: Buffer, state: ConnectionState): DecodeResult {
  const line = frame.toString('latin1').replace(/^[\r\n]+/, '').replace(/[\r\n]+$/, '');
  const full = FULL.exec(line)?.groups;
  const sentence = /G[PN]RMC/.exec(line);
  const g: Groups | undefined = full ?? (sentence ? BASIC.exec(line.slice(sentence.index))?.groups : undefined);
  if (!g) return {};
  const number = (value: string | undefined) => Number(value ?? 0);
  const time = new Date(Date.UTC(2000 + number(g.year), number(g.month) - 1, number(g.day), number(g.hour), number(g.minute), number(g.second)));
  const position = decodedPosition(XEXUN_PROTOCOL, time, { valid: g.validity === 'A', outdated: false });
  position.latitude = coordinate(g.latDeg, g.latMin, g.latHem);
  position.longitude = coordinate(g.lonDeg, g.lonMin, g.lonHem);
  position.speed = number(g.speed) * (SPEED_UNITS[textSetting(state, 'xexun.speed') ?? ''] ?? 1);
  position.course = number(g.course);
  const attributes = position.attributes;
  if (full) {
    attributes.serial = g.serial!;
    if (g.phone) attributes.number = g.phone;
  }
  attributes.signal = g.signal!;
  const event = EVENTS[(g.event ?? '').toLowerCase()];
  if (event?.ignition !== undefined) attributes[KEY.ignition] = event.ignition;
  addAlarm(attributes, event?.alarm);
  if (full) {
    attributes.sat = number(g.sat);
    position.altitude = number(g.altitude);
    attributes[KEY.power] = number(g.power);
  }
  return { uniqueId: g.imei, positions: [position] };
}

import { KNOTS_PER_KMH, KNOTS_PER_MPH } from '@rastro/api';
import type { ConnectionState, DecodeResult } from '../codec.ts';
import type { DecodedPosition } from '../types.ts';
import { buildNetwork } from '../kit/network.ts';
import { KEY } from '../../position/keys.ts';
import { localCell, newPosition, utcTime } from './position.ts';

/** GPS-style report: longitude before latitude, both `dddmm.mmmm`; speed in km/h. */
const W01 = new RegExp(
  [
    '^\\((?<id>\\d+),W01,',
    '(?<lonDeg>\\d{3})(?<lonMin>\\d{2}\\.\\d{4}),(?<lonHem>[EW]),',
    '(?<latDeg>\\d{2})(?<latMin>\\d{2}\\.\\d{4}),(?<latHem>[NS]),',
    '(?<validity>[AV]),',
    '(?<day>\\d{2})(?<month>\\d{2})(?<year>\\d{2}),(?<hour>\\d{2})(?<minute>\\d{2})(?<second>\\d{2}),',
    '(?<speed>\\d+),(?<course>\\d+),(?<power>\\d+),(?<gps>\\d+),(?<rssi>\\d+),(?<alert>\\d+),',
  ].join(''),
  's',
);

/** `U01`…`U06` reports (U06 adds an alarm field after the type); decimal degrees; speed in mph. */
const U_REPORT = new RegExp(
  [
    '^\\((?<id>\\d+),(?<type>U\\d{2}),(?:\\d+,)?',
    '(?<day>\\d{2})(?<month>\\d{2})(?<year>\\d{2}),(?<hour>\\d{2})(?<minute>\\d{2})(?<second>\\d{2}),',
    '(?<validity>[TF]),',
    '(?<lat>\\d+\\.\\d+),(?<latHem>[NS]),(?<lon>\\d+\\.\\d+),(?<lonHem>[EW]),',
    '(?<speed>\\d+\\.?\\d*),(?<course>\\d+),(?<sat>\\d+),(?<battery>\\d+)%,(?<status>[01]+),',
    '(?<cid>\\d+),(?<lac>\\d+),(?<rssi>\\d+),(?<odometer>\\d+),(?<index>\\d+)',
  ].join(''),
  's',
);

/** Lock (JT709-style) event report with the card that opened it; speed in mph. */
const P45 = new RegExp(
  [
    '^\\((?<id>\\d+),P45,',
    '(?<day>\\d{2})(?<month>\\d{2})(?<year>\\d{2}),(?<hour>\\d{2})(?<minute>\\d{2})(?<second>\\d{2}),',
    '(?<lat>\\d+\\.\\d+),(?<latHem>[NS]),(?<lon>\\d+\\.\\d+),(?<lonHem>[EW]),(?<validity>[AV]),',
    '(?<speed>\\d+),(?<course>\\d+),(?<source>\\d+),\\d+,(?<rfid>\\d+),\\d+,\\d+,(?<index>\\d+)',
  ].join(''),
  's',
);

/** Reports the device wants acknowledged, and the answer each expects. */
const U_ACKS: Record<string, string | undefined> = { U01: '(S39)', U02: '(S39)', U03: '(S39)', U06: '(S20)' };
/** An RFID field of zeros: no card. */
const NO_CARD = /^0+$/;

type Groups = Record<string, string>;

function timeOf(g: Groups): Date {
  return utcTime(Number(g.day), Number(g.month), Number(g.year), Number(g.hour), Number(g.minute), Number(g.second));
}

/** Latitude, longitude, speed (in mph) and course of a text report's groups. */
function setLocation(position: DecodedPosition, g: Groups): void {
  position.latitude = signed(Number(g.lat), g.latHem);
  position.longitude = signed(Number(g.lon), g.lonHem);
  position.speed = Number(g.speed) * KNOTS_PER_MPH;
  position.course = Number(g.course);
}

function signed(value: number, hemisphere: string): number {
  return hemisphere === 'S' || hemisphere === 'W' ? -value : value;
}

/** `(<id>,<type>,…)` text reports, escapes already resolved. Anything else (`@JT` keep-alives, U04…) decodes to nothing. */
export function decodeText(sentence: string, state: ConnectionState): DecodeResult {
  if (sentence.includes('W01')) return decodeW01(sentence);
  if (sentence.includes('P45')) return decodeP45(sentence);
  return decodeUReport(sentence, state);
}

function decodeW01(sentence: string): DecodeResult {
  const g = W01.exec(sentence)?.groups;
  if (!g) return {};
  const position = newPosition(timeOf(g), g.validity === 'A');
  position.longitude = signed(Number(g.lonDeg) + Number(g.lonMin) / 60, g.lonHem);
  position.latitude = signed(Number(g.latDeg) + Number(g.latMin) / 60, g.latHem);
  position.speed = Number(g.speed) * KNOTS_PER_KMH;
  position.course = Number(g.course);
  Object.assign(position.attributes, { [KEY.power]: Number(g.power), gps: Number(g.gps), [KEY.rssi]: Number(g.rssi), alertType: Number(g.alert) });
  return { uniqueId: g.id, positions: [position] };
}

function decodeUReport(sentence: string, state: ConnectionState): DecodeResult {
  const g = U_REPORT.exec(sentence)?.groups;
  if (!g) return {};
  const position = newPosition(timeOf(g), g.validity === 'T');
  setLocation(position, g);
  const attributes = position.attributes;
  attributes.sat = Number(g.sat);
  attributes[KEY.batteryLevel] = Number(g.battery);
  attributes[KEY.status] = parseInt(g.status, 2);
  position.network = buildNetwork([localCell(state, Number(g.cid), Number(g.lac), Number(g.rssi))], []);
  attributes[KEY.odometer] = Number(g.odometer) * 1000;
  attributes[KEY.index] = Number(g.index);
  const ack = U_ACKS[g.type];
  return { uniqueId: g.id, positions: [position], ...(ack ? { reply: Buffer.from(ack, 'latin1') } : {}) };
}

function decodeP45(sentence: string): DecodeResult {
  const g = P45.exec(sentence)?.groups;
  if (!g) return {};
  const position = newPosition(timeOf(g), g.validity === 'A');
  setLocation(position, g);
  position.attributes.eventSource = Number(g.source);
  if (!NO_CARD.test(g.rfid)) position.attributes[KEY.driverUniqueId] = g.rfid;
  return { uniqueId: g.id, positions: [position], reply: Buffer.from(`(P69,0,${g.index})`, 'latin1') };
}

import type { Attributes } from '@rastro/api';
import type { DecodeResult } from '../codec.ts';
import { buildNetwork } from '../kit/network.ts';
import { decodeCellReport, decodeNeighbourCells } from './cells.ts';
import { newPosition, utcTime } from './position.ts';
import { readStatus } from './status.ts';
import { acknowledgement, confirmation } from './replies.ts';
import { decodeVp1 } from './vp1.ts';
import { KEY, PREFIX } from '../../position/keys.ts';

const HEX = '[0-9a-fA-F]';

/**
 * A coordinate in degrees and minutes, in one of three spellings: `ddmm.mmmm` (degrees may be
 * missing), `-dd-mm.mmmm`, or `ddmmmmmm` without the decimal point. The hemisphere gives the sign.
 */
function coordinate(name: string, hemispheres: string): string {
  return (
    `(?:-(?<${name}Deg1>\\d+)-(?<${name}Min1>\\d+\\.\\d+)` +
    `|(?<${name}Deg2>\\d*)(?<${name}Min2>\\d\\d\\.\\d+)` +
    `|(?<${name}Deg3>\\d+)(?<${name}Min3>\\d\\d)(?<${name}Frac3>\\d{4}))` +
    `,(?<${name}Hem>[${hemispheres}]),`
  );
}

/**
 * Position reports (`V1` and its variants `V2`, `V5`, `V6`, `V8`, `V19`, `VI1`...) and command
 * replies (`V4,<reply>,...`), which carry a position too. Traccar's field layout.
 */
const REPORT = new RegExp(
  [
    '^\\*..,',
    '(?<id>\\d+)?,',
    '(?:V4,(?<result>.*),|(?<type>V[^,]*),)',
    '(?:(?<hour>\\d\\d)(?<minute>\\d\\d)(?<second>\\d\\d))?,',
    '(?:(?<validity>[ABV])?,|(?<coding>\\d+),)',
    coordinate('lat', 'NS'),
    coordinate('lon', 'EW'),
    ' *(?<speed>\\d+\\.?\\d*),',
    '(?<course>\\d+\\.?\\d*)?,',
    '(?:\\d+,)?', // battery
    '(?:(?<day>\\d\\d)(?<month>\\d\\d)(?<year>\\d\\d))?',
    '(?:,[^,]*,[^,]*,[^,]*)?', // SIM card information
    `(?:,(?<status>${HEX}{8})`,
    `(?:,(?<odometer>\\d+),(?<temperature>-?\\d+),(?<fuel>\\d+\\.\\d+),(?<altitude>-?\\d+),(?<lac>${HEX}+),(?<cid>${HEX}+)`,
    '|,(?<extra>.*)|))?',
    '#$',
  ].join(''),
  's',
);

/**
 * Heartbeat with the battery level; `V0` heartbeats and bare `HTBT` ones carry nothing to store.
 * Traccar reads the level only after a 15-digit id and `*HQ`; 10-digit ids send it too.
 */
const HEARTBEAT = /^\*..,\d+,HTBT,(\d+)/s;

/** Watch-type devices: signal, satellites, battery, pedometer, roll-overs. */
const LINK = new RegExp(
  '^\\*..,(?<id>\\d+),LINK,(?<hour>\\d\\d)(?<minute>\\d\\d)(?<second>\\d\\d),(?<rssi>\\d+),(?<sat>\\d+),(?<battery>\\d+),' +
    `(?<steps>\\d+),(?<turnovers>\\d+),(?<day>\\d\\d)(?<month>\\d\\d)(?<year>\\d\\d),(?<status>${HEX}{8})`,
  's',
);

/** Text the device sends in answer to a query command (version, parameters...). */
const SMS = /^\*HQ,(?<id>\d+),SMS,(?<text>.+)#$/s;

type Groups = Record<string, string | undefined>;

/**
 * Decodes one text message, `*XX,<id>,<type>,...#` (line breaks already trimmed). With `ack`
 * (Traccar's `h02.ack`), reports other than V1 are answered with `*HQ,<id>,R12,<hhmmss>#`.
 */
export function decodeText(sentence: string, receivedAt: Date, ack: boolean): DecodeResult {
  const header = /^\*[^,]*,(?<id>[^,]*),(?<type>[^,#]*)/.exec(sentence);
  if (!header?.groups) return {};
  const { id, type } = header.groups;
  switch (type) {
    case 'V0':
    case 'HTBT':
      return decodeHeartbeat(sentence, id, Buffer.from(`${header[0]}#`), receivedAt);
    case 'NBR':
      return decodeNeighbourCells(sentence, receivedAt, (device) => confirmation(device, 'NBR', receivedAt));
    case 'LINK':
      return decodeLink(sentence, receivedAt);
    case 'V3':
      return decodeCellReport(sentence, receivedAt);
    case 'VP1':
      return decodeVp1(sentence, receivedAt);
    case 'SMS':
      return decodeSms(sentence, receivedAt);
    default:
      return decodeReport(sentence, receivedAt, ack);
  }
}

/** Heartbeats are answered by echoing their header, `*HQ,<id>,HTBT#`, whether or not they carry a battery level. */
function decodeHeartbeat(sentence: string, id: string, reply: Buffer, receivedAt: Date): DecodeResult {
  const result: DecodeResult = { reply };
  if (id) result.uniqueId = id;
  const battery = HEARTBEAT.exec(sentence)?.[1];
  if (battery !== undefined) {
    const position = newPosition(receivedAt);
    position.attributes[KEY.batteryLevel] = Number(battery);
    result.positions = [position];
  }
  return result;
}

function decodeReport(sentence: string, receivedAt: Date, ack: boolean): DecodeResult {
  const groups: Groups | undefined = REPORT.exec(sentence)?.groups;
  if (!groups) return {};
  const position = newPosition(receivedAt);
  const { attributes } = position;
  if (groups.result) attributes[KEY.result] = groups.result;

  position.outdated = false;
  position.valid = groups.coding !== undefined || groups.validity === 'A';
  position.latitude = readCoordinate(groups, 'lat');
  position.longitude = readCoordinate(groups, 'lon');
  // Already knots: Traccar stores the number as sent.
  position.speed = Number(groups.speed);
  position.course = Number(groups.course ?? 0);
  // Without a date the time of day is not enough: the message counts as current.
  if (groups.day !== undefined) {
    position.deviceTime = position.fixTime = utcTime(groups.day, groups.month!, groups.year!, groups.hour, groups.minute, groups.second);
  }

  if (groups.status !== undefined) readStatus(parseInt(groups.status, 16), attributes);
  if (groups.odometer !== undefined) {
    attributes[KEY.odometer] = Number(groups.odometer);
    attributes.temp1 = Number(groups.temperature);
    attributes[KEY.fuel] = Number(groups.fuel);
    position.altitude = Number(groups.altitude);
    // No mcc/mnc in the message: Traccar fills in its configured defaults, 0 unless set.
    position.network = buildNetwork(
      [{ mobileCountryCode: 0, mobileNetworkCode: 0, locationAreaCode: parseInt(groups.lac!, 16), cellId: parseInt(groups.cid!, 16) }],
      [],
    );
  }
  if (groups.extra) setExtraFields(groups.extra, attributes);

  const result: DecodeResult = { positions: [position] };
  if (groups.id) result.uniqueId = groups.id;
  // V1 reports are confirmed with `*HQ,<id>,V4,V1,<yyyyMMddHHmmss>#`, the others only on request.
  if (groups.id && groups.type === 'V1') result.reply = confirmation(groups.id, 'V1', receivedAt);
  else if (groups.id && ack) result.reply = acknowledgement(groups.id, receivedAt);
  return result;
}

function decodeLink(sentence: string, receivedAt: Date): DecodeResult {
  const groups: Groups | undefined = LINK.exec(sentence)?.groups;
  if (!groups) return {};
  const position = newPosition(receivedAt);
  position.deviceTime = utcTime(groups.day!, groups.month!, groups.year!, groups.hour, groups.minute, groups.second);
  const { attributes } = position;
  attributes[KEY.rssi] = Number(groups.rssi);
  attributes[KEY.sat] = Number(groups.sat);
  attributes[KEY.batteryLevel] = Number(groups.battery);
  attributes[KEY.steps] = Number(groups.steps);
  attributes.turnovers = Number(groups.turnovers);
  readStatus(parseInt(groups.status!, 16), attributes);
  return { uniqueId: groups.id, positions: [position] };
}

function decodeSms(sentence: string, receivedAt: Date): DecodeResult {
  const groups = SMS.exec(sentence)?.groups;
  if (!groups) return {};
  const position = newPosition(receivedAt);
  position.attributes[KEY.result] = groups.text;
  return { uniqueId: groups.id, positions: [position] };
}

function readCoordinate(groups: Groups, name: string): number {
  const degrees = groups[`${name}Deg1`] ?? groups[`${name}Deg2`] ?? groups[`${name}Deg3`];
  const minutes = groups[`${name}Min1`] ?? groups[`${name}Min2`] ?? `${groups[`${name}Min3`]}.${groups[`${name}Frac3`]}`;
  const value = Number(degrees || 0) + Number(minutes) / 60;
  const hemisphere = groups[`${name}Hem`];
  return hemisphere === 'S' || hemisphere === 'W' ? -value : value;
}

/** Fields after the status word that the layout does not name: Traccar keeps them as `io1`, `io2`... */
function setExtraFields(extra: string, attributes: Attributes): void {
  extra.split(',').forEach((value, index) => {
    if (value.trim()) attributes[`${PREFIX.io}${index + 1}`] = value.trim();
  });
}

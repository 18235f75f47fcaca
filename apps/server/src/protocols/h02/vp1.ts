import { ProtocolError, type DecodeResult } from '../codec.ts';
import { buildNetwork, type CellTower } from '../kit/network.ts';
import { integer } from './cells.ts';
import { newPosition, utcTime } from './position.ts';

/**
 * VP1 reports, from devices that write the manufacturer in lower case (`*hq`) and identify by
 * IMEI: either `V` with the cells (mcc, mnc, then `lac,cid,signal` groups joined by `Y`), or a
 * fix (`A`/`B`, coordinates in degrees and minutes, speed in knots, course, date without a time).
 */
const VP1 = new RegExp(
  '^\\*hq,(?<id>\\d{15}),VP1,(?:' +
    'V,(?<mcc>\\d+),(?<mnc>\\d+),(?<cells>[^#]+)' +
    '|[AB],(?<latDeg>\\d+)(?<latMin>\\d\\d\\.\\d+),(?<latHem>[NS]),(?<lonDeg>\\d+)(?<lonMin>\\d\\d\\.\\d+),(?<lonHem>[EW]),' +
    '(?<speed>\\d+\\.\\d+),(?<course>\\d+\\.\\d+),(?<day>\\d\\d)(?<month>\\d\\d)(?<year>\\d\\d)' +
    ').*$',
  's',
);

export function decodeVp1(sentence: string, receivedAt: Date): DecodeResult {
  const groups = VP1.exec(sentence)?.groups;
  if (!groups) return {};
  const position = newPosition(receivedAt);
  if (groups.cells) {
    const mcc = Number(groups.mcc);
    const mnc = Number(groups.mnc);
    const towers = groups.cells.split('Y').map((cell): CellTower => {
      const values = cell.split(',');
      if (values.length < 3) throw new ProtocolError(`h02: VP1 cell ${cell} is not lac,cid,signal`);
      const [locationAreaCode, cellId, signal] = values.map((value) => integer(value));
      // Traccar stores a signal given as a positive number as negative dBm.
      return { mobileCountryCode: mcc, mobileNetworkCode: mnc, locationAreaCode, cellId, signalStrength: signal > 0 ? -signal : signal };
    });
    position.network = buildNetwork(towers, []);
  } else {
    position.outdated = false;
    position.valid = true;
    position.latitude = degrees(groups.latDeg, groups.latMin, groups.latHem === 'S');
    position.longitude = degrees(groups.lonDeg, groups.lonMin, groups.lonHem === 'W');
    position.speed = Number(groups.speed);
    position.course = Number(groups.course);
    position.deviceTime = position.fixTime = utcTime(groups.day, groups.month, groups.year);
  }
  return { uniqueId: groups.id, positions: [position] };
}

function degrees(whole: string, minutes: string, negative: boolean): number {
  const value = Number(whole) + Number(minutes) / 60;
  return negative ? -value : value;
}

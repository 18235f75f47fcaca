import { KNOTS_PER_KMH } from '@rastro/api';
import type { ByteReader } from '../kit/byte-reader.ts';
import type { DecodedPosition } from '../types.ts';
import { KEY } from '../../position/keys.ts';
import { epochSeconds, fixPosition, readLegacyStatus, statusPosition } from './position.ts';

/** A heartbeat (or a short OBD message) carries the status word alone. */
export function decodeHeartbeat(reader: ByteReader, receivedAt: Date): DecodedPosition {
  const position = statusPosition(receivedAt);
  readLegacyStatus(reader.u16(), position.attributes);
  return position;
}

/** OBD parameters: a time, then (PID, 32-bit value) pairs; Traccar keeps fuel consumption, odometer (km) and fuel (tenths). */
export function decodeObd(reader: ByteReader): DecodedPosition {
  const position = statusPosition(epochSeconds(reader.u32()));
  const attributes = position.attributes;
  while (reader.remaining > 0) {
    const pid = reader.u8();
    const value = reader.i32();
    if (pid === 0x89) attributes[KEY.fuelConsumption] = value;
    else if (pid === 0x8a) attributes[KEY.odometer] = value * 1000;
    else if (pid === 0x8b) attributes[KEY.fuel] = Math.trunc(value / 10);
  }
  return position;
}

/** The whole answer is `Lat:N31.83955,Lon:W82.61346,Course:0.00,Speed:0.00km/h,DateTime:2017-12-02 11:29:43`, any separators (UTC). */
const LOCATION_ANSWER = new RegExp(
  [
    '^Lat:(?<latHem>[NS])(?<lat>\\d+\\.\\d+).*',
    'Lon:(?<lonHem>[EW])(?<lon>\\d+\\.\\d+).*',
    'Course:(?<course>\\d+\\.\\d+).*',
    'Speed:(?<speed>\\d+\\.\\d+).*',
    'Date ?Time:(?<year>\\d{4})-(?<month>\\d{2})-(?<day>\\d{2}) (?<hour>\\d{2}):(?<minute>\\d{2}):(?<second>\\d{2})$',
  ].join(''),
  's',
);
/** A location answer is about 100 characters; longer text is a result (and the pattern's backtracking stays cheap). */
const MAX_LOCATION_ANSWER = 512;

/**
 * The device's answer to a downlink command: a flag byte, the server's id echoed, then text. The
 * answer to `WHERE#` is a location; any other is the command result.
 */
export function decodeCommandResult(reader: ByteReader, index: number, receivedAt: Date): DecodedPosition {
  reader.skip(1 + 4); // type, server id
  const text = reader.rest().toString('utf8');
  const g = text.length <= MAX_LOCATION_ANSWER ? LOCATION_ANSWER.exec(text)?.groups : undefined;
  let position: DecodedPosition;
  if (g) {
    const time = new Date(Date.UTC(Number(g.year), Number(g.month) - 1, Number(g.day), Number(g.hour), Number(g.minute), Number(g.second)));
    position = fixPosition(time, true);
    position.latitude = g.latHem === 'S' ? -Number(g.lat) : Number(g.lat);
    position.longitude = g.lonHem === 'W' ? -Number(g.lon) : Number(g.lon);
    position.course = Number(g.course);
    position.speed = Number(g.speed) * KNOTS_PER_KMH;
  } else {
    position = statusPosition(receivedAt);
    position.attributes[KEY.result] = text;
  }
  position.attributes[KEY.index] = index;
  return position;
}

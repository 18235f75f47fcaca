import { KNOTS_PER_KMH, KNOTS_PER_MPH, KNOTS_PER_MPS } from '@rastro/api';
import type { OsmAndMessage, SpeedUnit } from './message.ts';
import { buildNetwork, type CellTower, type WifiAccessPoint } from '../kit/network.ts';
import { parseCell, parseWifi } from './network.ts';
import { blankPosition } from './position.ts';
import {
  DecodeError,
  checkLatitude,
  checkLongitude,
  parseNumber,
  parseTimestamp,
  quote,
  typedValue,
} from './values.ts';
import { KEY } from '../../position/keys.ts';

const KNOTS_PER_UNIT: Record<SpeedUnit, number> = { kn: 1, kmh: KNOTS_PER_KMH, mps: KNOTS_PER_MPS, mph: KNOTS_PER_MPH };

/** Decodes the OsmAnd query-string (or form body) parameters; see traccar-server-notes §n. */
export function decodeQuery(params: URLSearchParams, receivedAt: Date, speedUnit: SpeedUnit): OsmAndMessage {
  const position = blankPosition(receivedAt);
  const { attributes } = position;
  const cells: CellTower[] = [];
  const wifis: WifiAccessPoint[] = [];
  let uniqueId: string | undefined;
  let notificationToken: string | undefined;
  let latitude: number | undefined;
  let longitude: number | undefined;
  let carriesData = false;

  for (const [key, value] of params) {
    // Empty values are absent values, as Traccar never stores empty strings.
    if (value === '' || key === '') continue;
    if (key === 'id' || key === 'deviceid') {
      if (uniqueId !== undefined && uniqueId !== value) {
        throw new DecodeError(`conflicting device identifiers ${quote(uniqueId)} and ${quote(value)}`);
      }
      uniqueId = value;
      continue;
    }
    if (key === 'notificationToken') {
      notificationToken = value;
      continue;
    }
    carriesData = true;
    switch (key) {
      case 'timestamp':
        position.deviceTime = position.fixTime = parseTimestamp(value);
        break;
      case 'lat':
        latitude = checkLatitude(parseNumber('lat', value));
        break;
      case 'lon':
        longitude = checkLongitude(parseNumber('lon', value));
        break;
      case 'location': {
        const parts = value.split(',');
        if (parts.length !== 2) throw new DecodeError(`invalid location: ${quote(value)} (lat,lon)`);
        latitude = checkLatitude(parseNumber('location latitude', parts[0]));
        longitude = checkLongitude(parseNumber('location longitude', parts[1]));
        break;
      }
      case 'valid':
        position.valid = value.toLowerCase() === 'true' || value === '1';
        break;
      case 'speed':
        // A negative speed is an "unknown" sentinel, not a value.
        position.speed = Math.max(0, parseNumber('speed', value)) * KNOTS_PER_UNIT[speedUnit];
        break;
      case 'bearing':
      case 'heading': {
        const course = parseNumber(key, value);
        position.course = course < 0 ? 0 : course % 360;
        break;
      }
      case 'altitude':
        position.altitude = parseNumber('altitude', value);
        break;
      case 'accuracy':
        position.accuracy = Math.max(0, parseNumber('accuracy', value));
        break;
      case 'hdop':
        attributes[KEY.hdop] = parseNumber('hdop', value);
        break;
      case 'batt':
        attributes[KEY.batteryLevel] = parseNumber('batt', value);
        break;
      case 'charge':
        attributes[KEY.charge] = value.toLowerCase() === 'true';
        break;
      case 'driverUniqueId':
        attributes[KEY.driverUniqueId] = value;
        break;
      case 'cell':
        cells.push(parseCell(value));
        break;
      case 'wifi':
        wifis.push(parseWifi(value));
        break;
      default:
        attributes[key] = typedValue(value);
    }
  }

  if (uniqueId === undefined) throw new DecodeError('missing device identifier (id or deviceid)');
  position.network = buildNetwork(cells, wifis);
  if (latitude !== undefined && longitude !== undefined) {
    position.latitude = latitude;
    position.longitude = longitude;
  } else {
    // No fix in this message: processing reuses the last known location.
    position.outdated = true;
  }

  const message: OsmAndMessage = {
    uniqueId,
    position: carriesData || notificationToken === undefined ? position : null,
    format: 'query',
  };
  if (notificationToken !== undefined) message.notificationToken = notificationToken;
  return message;
}

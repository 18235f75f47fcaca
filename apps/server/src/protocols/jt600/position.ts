import type { ConnectionState } from '../codec.ts';
import { numberSetting } from '../kit/settings.ts';
import type { CellTower } from '../kit/network.ts';
import type { DecodedPosition } from '../types.ts';
import { decodedPosition } from '../../position/create.ts';

export const JT600_PROTOCOL = 'jt600';

/** Every JT600 report carries its own fix (valid or not). */
export function newPosition(time: Date, valid = false): DecodedPosition {
  return decodedPosition(JT600_PROTOCOL, time, { valid, outdated: false });
}

/** `dd`, `mm`, `yy`, `hh`, `mm`, `ss` in UTC, this century; out-of-range fields roll over as Java's lenient calendar does. */
export function utcTime(day: number, month: number, year: number, hour: number, minute: number, second: number): Date {
  return new Date(Date.UTC(2000 + year, month - 1, day, hour, minute, second));
}

/**
 * A cell the device names only by cell id and LAC: the country and network are the server's
 * `geolocation.mcc` / `geolocation.mnc` defaults, as Traccar fills them in.
 */
export function localCell(state: ConnectionState, cellId: number, lac: number, signalStrength: number): CellTower {
  return {
    mobileCountryCode: numberSetting(state, 'geolocation.mcc') ?? 0,
    mobileNetworkCode: numberSetting(state, 'geolocation.mnc') ?? 0,
    locationAreaCode: lac,
    cellId,
    signalStrength,
  };
}

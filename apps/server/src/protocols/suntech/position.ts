import type { Alarm } from '@rastro/api';
import { decodedPosition } from '../../position/create.ts';
import { addAlarm as addAttributeAlarm } from '../../position/keys.ts';
import type { DecodedPosition } from '../types.ts';

export const SUNTECH_PROTOCOL = 'suntech';

/** A position with nothing decoded yet, timed at `time`. */
export function blankPosition(time: Date): DecodedPosition {
  return decodedPosition(SUNTECH_PROTOCOL, time, { valid: false, outdated: false });
}

/** A message without a location (command result, travel report): processing copies the last known fix. */
export function outdatedPosition(time: Date): DecodedPosition {
  return { ...blankPosition(time), outdated: true };
}

/** Several alarms in one message are joined with commas, as Traccar stores them. */
export function addAlarm(position: DecodedPosition, alarm: Alarm | null): void {
  addAttributeAlarm(position.attributes, alarm);
}

/** Text attributes are only kept when not empty, as Traccar does. */
export function setText(position: DecodedPosition, key: string, value: string): void {
  if (value !== '') position.attributes[key] = value;
}

/** Traccar's CellTower JSON; absent fields are omitted. */
export interface CellTower {
  cellId: number;
  locationAreaCode?: number;
  mobileCountryCode?: number;
  mobileNetworkCode?: number;
  signalStrength?: number;
}

/** A cell with its signal, which Traccar always stores as a negative dBm value. */
export function cellTower(mcc: number, mnc: number, lac: number, cellId: number, rssi: number): CellTower {
  return { cellId, locationAreaCode: lac, mobileCountryCode: mcc, mobileNetworkCode: mnc, signalStrength: rssi > 0 ? -rssi : rssi };
}

export function cellNetwork(towers: CellTower[]): DecodedPosition['network'] {
  return towers.length ? { radioType: 'gsm', considerIp: false, cellTowers: towers } : null;
}

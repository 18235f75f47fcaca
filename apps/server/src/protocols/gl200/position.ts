import type { Alarm, JsonValue } from '@rastro/api';
import { KNOTS_PER_KMH } from '@rastro/api';
import { decodedPosition } from '../../position/create.ts';
import { addAlarm as addAttributeAlarm } from '../../position/keys.ts';
import type { DecodedPosition } from '../types.ts';
import type { Fields } from './values.ts';
import type { CellTower, WifiAccessPoint } from '../kit/network.ts';

export const GL200_PROTOCOL = 'gl200';

/** What a report decodes to: the device it names and its positions. */
export interface Report {
  uniqueId: string;
  positions: DecodedPosition[];
}

/** What the text and binary decoders need to know besides the frame. */
export interface DecodeContext {
  receivedAt: Date;
  /**
   * `gl200.ignoreFixTime`: the report's send time is taken as the fix time, and of a report with
   * several fixes only the last position is kept.
   */
  ignoreFixTime: boolean;
  /** The device model: the one configured for the device, else the one its protocol version names. */
  model: (protocolVersion: string) => string;
}

/** The opening every text report shares: header, protocol version (read as the model), IMEI. */
export function readHeader(fields: Fields, context: DecodeContext): { model: string; uniqueId: string } {
  fields.skip(); // header
  const model = context.model(fields.next());
  const uniqueId = fields.next();
  return { model, uniqueId };
}

/** A position timed at the receive time with nothing decoded yet. */
export function newPosition(context: DecodeContext): DecodedPosition {
  return decodedPosition(GL200_PROTOCOL, context.receivedAt, { valid: false, outdated: false });
}

/** No fix of its own: processing copies the last known one. `deviceTime`, when given, is when the device sent it. */
export function useLastFix(position: DecodedPosition, deviceTime?: Date): void {
  position.outdated = true;
  if (deviceTime) position.deviceTime = deviceTime;
}

export function setFixTime(position: DecodedPosition, time: Date): void {
  position.fixTime = time;
  position.deviceTime = time;
}

/** The time a report was sent: the device time, or the fix time when `gl200.ignoreFixTime` says so. */
export function setReportTime(position: DecodedPosition, time: Date, context: DecodeContext): void {
  if (context.ignoreFixTime) setFixTime(position, time);
  else position.deviceTime = time;
}

export function kmhToKnots(kmh: number): number {
  return kmh * KNOTS_PER_KMH;
}

/** Sets an attribute when there is a value: absent values and empty texts are left out, as Traccar does. */
export function set(position: DecodedPosition, key: string, value: JsonValue | undefined): void {
  if (value === undefined || value === null || value === '') return;
  position.attributes[key] = value;
}

export function addAlarm(position: DecodedPosition, alarm: Alarm | undefined): void {
  addAttributeAlarm(position.attributes, alarm);
}

export type { CellTower, WifiAccessPoint };

/** Sets the position's network when there is anything to put in it (entries kept as read, repeats included). */
export function setNetwork(position: DecodedPosition, cellTowers: CellTower[], wifiAccessPoints: WifiAccessPoint[] = []): void {
  if (cellTowers.length === 0 && wifiAccessPoints.length === 0) return;
  const network: Record<string, unknown> = { radioType: 'gsm', considerIp: false };
  if (cellTowers.length > 0) network.cellTowers = cellTowers;
  if (wifiAccessPoints.length > 0) network.wifiAccessPoints = wifiAccessPoints;
  position.network = network;
}

/** `aabbccddeeff` as `aa:bb:cc:dd:ee:ff`. */
export function macAddress(hex: string): string {
  return hex.replace(/(..)(?!$)/g, '$1:');
}

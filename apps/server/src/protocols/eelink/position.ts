import type { Attributes } from '@rastro/api';
import type { DecodedPosition } from '../types.ts';
import { decodedPosition } from '../../position/create.ts';
import { KEY } from '../../position/keys.ts';

export const EELINK_PROTOCOL = 'eelink';

/** Message types (the byte after `gg`). */
export const MessageType = {
  login: 0x01,
  gps: 0x02,
  heartbeat: 0x03,
  alarm: 0x04,
  state: 0x05,
  sms: 0x06,
  obd: 0x07,
  downlink: 0x80,
  data: 0x81,
  normal: 0x12,
  warning: 0x14,
  report: 0x15,
  /** Last of the 0x12… range sharing the newer location layout (command, OBD data/body/code in between). */
  obdCode: 0x19,
} as const;

/** A position of a message that carries its own fix. */
export function fixPosition(time: Date, valid: boolean): DecodedPosition {
  return decodedPosition(EELINK_PROTOCOL, time, { valid, outdated: false });
}

/** A message without a location of its own: processing copies the last known fix. */
export function statusPosition(time: Date): DecodedPosition {
  return decodedPosition(EELINK_PROTOCOL, time, { valid: false, outdated: true });
}

/** Seconds since 1970, as every Eelink time is sent. */
export function epochSeconds(seconds: number): Date {
  return new Date(seconds * 1000);
}

/** Eelink coordinates are in units of 1/1,800,000 of a degree (1/30,000 of a minute). */
export function coordinate(raw: number): number {
  return raw / 1_800_000;
}

const bit = (value: number, index: number) => ((value >>> index) & 1) === 1;

/**
 * The status word of the older messages and heartbeats: each state comes with a bit that says it
 * is known (ACC, arming, relay, charger). The relay bit is set when the relay is released.
 */
export function readLegacyStatus(status: number, attributes: Attributes): void {
  if (bit(status, 1)) attributes[KEY.ignition] = bit(status, 2);
  if (bit(status, 3)) attributes.armed = bit(status, 4);
  if (bit(status, 5)) attributes[KEY.blocked] = !bit(status, 6);
  if (bit(status, 7)) attributes[KEY.charge] = bit(status, 8);
  attributes[KEY.status] = status;
}

/** The status word of the 0x12… messages: bit 0 is the fix, and the relay bit is set when it blocks. */
export function readStatus(status: number, position: DecodedPosition): void {
  const attributes = position.attributes;
  position.valid = bit(status, 0);
  if (bit(status, 1)) attributes[KEY.ignition] = bit(status, 2);
  if (bit(status, 3)) {
    attributes.armed = bit(status, 4);
    attributes[KEY.motion] = bit(status, 9);
  }
  if (bit(status, 5)) attributes[KEY.blocked] = bit(status, 6);
  if (bit(status, 7)) attributes[KEY.charge] = bit(status, 8);
  attributes.gps = bit(status, 10);
  attributes[KEY.status] = status;
}

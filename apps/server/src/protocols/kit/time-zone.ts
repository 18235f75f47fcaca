import { standardOffsetMinutes, validTimeZone } from '@rastro/api';
import { ProtocolError } from '../codec.ts';

/**
 * A command's time zone (`setTimezone`'s `timezone`: an IANA name or a fixed offset such as
 * `GMT+8`) as the standard offset in minutes devices take (no daylight saving, Java's raw offset,
 * which Traccar sends); a zone that names nothing cannot be encoded.
 */
export function commandZoneMinutes(zone: string): number {
  const valid = validTimeZone(zone);
  if (!valid) throw new ProtocolError(`unknown time zone ${zone}`);
  return standardOffsetMinutes(valid);
}

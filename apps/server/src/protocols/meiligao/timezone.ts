import { ProtocolError } from '../codec.ts';

const CUSTOM_ZONE = /^GMT([+-])(\d{1,2})(?::?(\d\d))?$/;

/**
 * A time zone's standard offset from UTC in minutes, daylight saving left out (Java's
 * `getRawOffset`, which Traccar sends). Takes Java's custom ids (`GMT+8`, `GMT-03:30`) and IANA
 * names (`Europe/Lisbon`).
 */
export function standardOffsetMinutes(zone: string): number {
  const custom = CUSTOM_ZONE.exec(zone);
  if (custom) {
    const minutes = Number(custom[2]) * 60 + Number(custom[3] ?? 0);
    if (minutes > 23 * 60 + 59) throw new ProtocolError(`time zone ${zone} is out of range`);
    return custom[1] === '-' ? -minutes : minutes;
  }
  // Daylight saving only ever adds time, so the smaller offset of January and July is the standard one.
  const year = new Date().getUTCFullYear();
  return Math.min(offsetAt(zone, Date.UTC(year, 0, 1)), offsetAt(zone, Date.UTC(year, 6, 1)));
}

function offsetAt(zone: string, time: number): number {
  let name: string | undefined;
  try {
    name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(time)
      .find((part) => part.type === 'timeZoneName')?.value;
  } catch {
    throw new ProtocolError(`unknown time zone ${zone}`);
  }
  // `GMT+05:30`, or plain `GMT` for UTC itself.
  const match = /^GMT(?:([+-])(\d\d):(\d\d))?$/.exec(name ?? '');
  if (!match) throw new ProtocolError(`unknown time zone ${zone}`);
  if (match[1] === undefined) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

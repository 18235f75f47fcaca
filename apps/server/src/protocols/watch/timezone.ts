import { ProtocolError } from '../codec.ts';

/** `GMT+01:30`, `UTC-5`, `+0545`: a fixed offset. */
const FIXED = /^(?:GMT|UTC)?([+-])(\d{1,2})(?::?(\d{2}))?$/i;

/**
 * A time zone's standard offset in hours, as the watch's `LZ` command takes it (it applies no
 * daylight saving): a fixed offset, or an IANA zone's offset outside summer time, which is the
 * smaller of its January and July offsets on either hemisphere.
 */
export function standardOffsetHours(zone: string): number {
  if (/^(GMT|UTC|Z)$/i.test(zone)) return 0;
  const fixed = FIXED.exec(zone);
  if (fixed) {
    const hours = Number(fixed[2]) + Number(fixed[3] ?? 0) / 60;
    return fixed[1] === '-' ? -hours : hours;
  }
  const year = new Date().getUTCFullYear();
  return Math.min(offsetMinutes(zone, Date.UTC(year, 0, 1)), offsetMinutes(zone, Date.UTC(year, 6, 1))) / 60;
}

function offsetMinutes(zone: string, at: number): number {
  let name: string | undefined;
  try {
    name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
  } catch {
    throw new ProtocolError(`unknown time zone ${zone}`);
  }
  // `GMT+05:45`, or `GMT` alone at offset 0.
  const match = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name ?? '');
  if (!match) throw new ProtocolError(`unknown time zone ${zone}`);
  if (match[1] === undefined) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** `+1`, `-11.5`, `+5.75`: signed, at most two decimals, no trailing zeros. */
export function formatOffset(hours: number): string {
  return `${hours < 0 ? '-' : '+'}${String(Math.round(Math.abs(hours) * 100) / 100)}`;
}

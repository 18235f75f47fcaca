import { fixedOffsetMinutes, formatCoordinate, formatPoint, type CoordinateAxis, type CoordinateFormat } from '@rastro/api';

/** What decides how times and coordinates read: the language, and the user's preferences. */
export interface FormatSettings {
  locale: string;
  /** The zone the times are shown in: an IANA name or a fixed offset (`GMT-3`), as `validTimeZone` takes. */
  timeZone: string;
  /** 12-hour clock (`twelveHourFormat`), else 24-hour. */
  hour12: boolean;
  coordinateFormat: CoordinateFormat;
}

type Time = string | number | Date;

/** Every time and coordinate the web app shows goes through one of these. */
export interface Formats extends FormatSettings {
  /** Short date, time to the second: "01/03/2026, 14:05:09" or "01/03/2026, 02:05:09 PM". */
  dateTime: (time: Time) => string;
  /** Short date, time to the minute. */
  dateTimeShort: (time: Time) => string;
  /** Time of day to the minute: "14:05" or "02:05 PM". */
  time: (time: Time) => string;
  /** A formatter of other parts (a chart's ticks), still on the user's clock and zone. */
  custom: (options: Intl.DateTimeFormatOptions) => (time: Time) => string;
  coordinate: (value: number, axis: CoordinateAxis) => string;
  /** "latitude, longitude". */
  point: (latitude: number, longitude: number) => string;
}

const toDate = (time: Time) => (time instanceof Date ? time : new Date(time));

/**
 * The clock as an Intl option. `hourCycle`, not `hour12: false`: with the latter, ICU writes
 * midnight as "24:00" in locales whose own clock is 12-hour (en-US).
 */
export function hourCycle(hour12: boolean): Pick<Intl.DateTimeFormatOptions, 'hourCycle'> {
  return { hourCycle: hour12 ? 'h12' : 'h23' };
}

/**
 * What Intl is given for the zone. Intl knows IANA names only: a fixed offset (`GMT-3`) would throw,
 * so its times are shifted by the offset (`shiftMs`) and formatted in UTC, the wall clock the server
 * writes in mail and exports (`formatWallClock`). A fixed offset has no summer time, so one shift fits all.
 */
export function intlZone(timeZone: string): { timeZone: string; shiftMs: number } {
  const fixed = fixedOffsetMinutes(timeZone);
  return fixed === null ? { timeZone, shiftMs: 0 } : { timeZone: 'UTC', shiftMs: fixed * 60000 };
}

export function createFormats(settings: FormatSettings): Formats {
  const { locale, timeZone, hour12, coordinateFormat } = settings;
  const zone = intlZone(timeZone);
  const custom = (options: Intl.DateTimeFormatOptions) => {
    const format = new Intl.DateTimeFormat(locale, { ...options, ...hourCycle(hour12), timeZone: zone.timeZone });
    return (time: Time) => {
      const instant = toDate(time).getTime();
      return Number.isNaN(instant) ? '' : format.format(instant + zone.shiftMs);
    };
  };
  return {
    ...settings,
    dateTime: custom({ dateStyle: 'short', timeStyle: 'medium' }),
    dateTimeShort: custom({ dateStyle: 'short', timeStyle: 'short' }),
    time: custom({ hour: '2-digit', minute: '2-digit' }),
    custom,
    coordinate: (value, axis) => formatCoordinate(value, axis, coordinateFormat),
    point: (latitude, longitude) => formatPoint(latitude, longitude, coordinateFormat),
  };
}

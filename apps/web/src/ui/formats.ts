import { formatCoordinate, formatPoint, type CoordinateAxis, type CoordinateFormat } from '@rastro/api';

/** What decides how times and coordinates read: the language, and the user's preferences. */
export interface FormatSettings {
  locale: string;
  /** IANA zone the times are shown in. */
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

export function createFormats(settings: FormatSettings): Formats {
  const { locale, timeZone, hour12, coordinateFormat } = settings;
  const custom = (options: Intl.DateTimeFormatOptions) => {
    const format = new Intl.DateTimeFormat(locale, { ...options, ...hourCycle(hour12), timeZone });
    return (time: Time) => {
      const date = toDate(time);
      return Number.isNaN(date.getTime()) ? '' : format.format(date);
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

/** An IANA zone this browser knows, else null. */
export function knownTimeZone(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value;
  } catch {
    return null;
  }
}

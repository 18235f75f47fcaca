import {
  convertDistance, convertSpeed, coordinateFormatOf, distanceUnitOf, formatCoordinate, formatPoint, speedUnitOf, validTimeZone, wallClockParts,
  type CoordinateAxis, type CoordinateFormat, type DistanceUnit, type SpeedUnit,
} from '@rastro/api';

/**
 * How exported reports show values: the user's units, time zone, clock and coordinate format, in the user's language.
 * Speeds arrive in knots and distances in metres; durations in milliseconds.
 */
export type Locale = 'pt-BR' | 'en-US' | 'es';

export interface ExportFormat {
  locale: Locale;
  timeZone: string;
  speedUnit: SpeedUnit;
  distanceUnit: DistanceUnit;
  /** Traccar's `twelveHourFormat` attribute: times as `hh:mm:ss AM`. */
  twelveHour: boolean;
  coordinateFormat: CoordinateFormat;
}

export function pickLocale(acceptLanguage: string | undefined, preferred: unknown): Locale {
  for (const tag of [typeof preferred === 'string' ? preferred : '', ...(acceptLanguage ?? '').split(',').map((t) => t.split(';')[0].trim())]) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('pt')) return 'pt-BR';
    if (lower.startsWith('es')) return 'es';
    if (lower.startsWith('en')) return 'en-US';
  }
  return 'pt-BR';
}

const hundredths = (value: number) => Math.round(value * 100) / 100;

export const speed = (knots: number, unit: SpeedUnit): number => hundredths(convertSpeed(knots, unit));

export const distance = (meters: number, unit: DistanceUnit): number => hundredths(convertDistance(meters, unit));

export function duration(millis: number): string {
  const minutes = Math.round(millis / 60000);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** `yyyy-MM-dd HH:mm:ss` in the time zone, or `yyyy-MM-dd hh:mm:ss AM` on a 12-hour clock. */
export function localTime(iso: string | number, timeZone: string, twelveHour = false): string {
  const parts = wallClockParts(new Date(iso).getTime(), timeZone, 'en-CA', twelveHour, {
    year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  });
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  const time = `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
  // the day period's spelling varies with the ICU data ("p.m."): always AM/PM
  return twelveHour ? `${time} ${/p/i.test(get('dayPeriod')) ? 'PM' : 'AM'}` : time;
}

/** A coordinate cell: a number in decimal degrees (a spreadsheet computes with it), else the text of the format. */
export function coordinateCell(value: number, axis: CoordinateAxis, format: ExportFormat): number | string {
  return format.coordinateFormat === 'dd' ? value : formatCoordinate(value, axis, format.coordinateFormat);
}

/** A place without an address: its coordinates in the user's format. */
export function pointText(latitude: number, longitude: number, format: ExportFormat): string {
  return formatPoint(latitude, longitude, format.coordinateFormat);
}

/**
 * Text that a spreadsheet or CSV reader could take for a formula (= + - @, tab, carriage
 * return) gets a leading apostrophe, so a device name can never run as a formula.
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Where a user's display preferences come from: his attributes and the server's, which win with Traccar's forceSettings. */
export interface PreferenceSource {
  user: Record<string, unknown>;
  server: Record<string, unknown>;
  forceSettings: boolean;
  /** `coordinateFormat`, a field of the user and of the server rather than an attribute. */
  coordinateFormat?: { user: string | null; server: string | null };
}

export function preferenceOf(source: PreferenceSource, key: string): unknown {
  const serverValue = source.server[key];
  const userValue = source.user[key];
  return source.forceSettings ? (serverValue ?? userValue) : (userValue ?? serverValue);
}

/** The user's time zone, else the server process's. */
export function timeZoneOf(source: PreferenceSource): string {
  return validTimeZone(preferenceOf(source, 'timezone')) ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** How a user reads exported reports: his language (else the request's), time zone and units. */
export function exportFormatOf(source: PreferenceSource, acceptLanguage?: string): ExportFormat {
  const twelveHour = preferenceOf(source, 'twelveHourFormat');
  const coordinates = source.coordinateFormat;
  return {
    locale: pickLocale(acceptLanguage, preferenceOf(source, 'tarkan.lang')),
    timeZone: timeZoneOf(source),
    speedUnit: speedUnitOf(preferenceOf(source, 'speedUnit')),
    distanceUnit: distanceUnitOf(preferenceOf(source, 'distanceUnit')),
    twelveHour: twelveHour === true || twelveHour === 'true',
    coordinateFormat: coordinateFormatOf(source.forceSettings ? (coordinates?.server || coordinates?.user) : (coordinates?.user || coordinates?.server)),
  };
}

import { KNOTS_TO_KMH, KNOTS_TO_MPH, METERS_TO_MILES } from '@rastro/api';
import { validTimeZone } from '../domain/timezone.ts';

/**
 * How exported reports show values: the user's units and time zone, in the user's language.
 * Speeds arrive in knots and distances in metres; durations in milliseconds.
 */
export type Locale = 'pt-BR' | 'en-US' | 'es';

export interface ExportFormat {
  locale: Locale;
  timeZone: string;
  speedUnit: 'kmh' | 'mph' | 'kn';
  distanceUnit: 'km' | 'mi';
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

export function speed(knots: number, unit: ExportFormat['speedUnit']): number {
  const factor = unit === 'kmh' ? KNOTS_TO_KMH : unit === 'mph' ? KNOTS_TO_MPH : 1;
  return Math.round(knots * factor * 100) / 100;
}

export function distance(meters: number, unit: ExportFormat['distanceUnit']): number {
  return Math.round((unit === 'mi' ? meters * METERS_TO_MILES : meters / 1000) * 100) / 100;
}

export function duration(millis: number): string {
  const minutes = Math.round(millis / 60000);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** `yyyy-MM-dd HH:mm:ss` in the time zone. */
export function localTime(iso: string | number, timeZone: string): string {
  const date = new Date(iso);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
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
  const speed = preferenceOf(source, 'speedUnit');
  const distance = preferenceOf(source, 'distanceUnit');
  return {
    locale: pickLocale(acceptLanguage, preferenceOf(source, 'tarkan.lang')),
    timeZone: timeZoneOf(source),
    speedUnit: speed === 'mph' || speed === 'kn' ? speed : 'kmh',
    distanceUnit: distance === 'mi' ? 'mi' : 'km',
  };
}

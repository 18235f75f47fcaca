/**
 * Where the catalogs name Traccar's vocabulary, one id per key: `commands.types.engineStop`,
 * `alarms.sos`, `events.deviceOnline`, `reports.attribute.batteryLevel`. The ids are the lists of
 * `@rastro/api` (COMMAND_TYPES, ALARMS, EVENT_TYPES, POSITION_KEYS), and `names.test.ts` holds
 * every one of them in every language.
 */
export const NAME_KEYS = {
  commandType: 'commands.types',
  alarm: 'alarms',
  eventType: 'events',
  attribute: 'reports.attribute',
} as const;

export type NameKind = keyof typeof NAME_KEYS;

/** What names need of i18next: `useTranslation()`'s `i18n` (or `{ t, exists }`). */
export interface Translator {
  t: (key: string) => string;
  exists: (key: string) => boolean;
}

/**
 * An id of Traccar's vocabulary in the user's language. A device or a newer server may send one
 * the catalogs lack: it shows as sent (the spec's rule: a missing translation shows its key).
 */
export function nameOf(i18n: Translator, kind: NameKind, id: string): string {
  const key = `${NAME_KEYS[kind]}.${id}`;
  return i18n.exists(key) ? i18n.t(key) : id;
}

/** Several alarms of one position or event, comma-separated as Traccar stores them, each named. */
export function alarmNames(i18n: Translator, alarms: unknown): string[] {
  if (typeof alarms !== 'string') return [];
  return alarms.split(',').map((alarm) => alarm.trim()).filter(Boolean).map((alarm) => nameOf(i18n, 'alarm', alarm));
}

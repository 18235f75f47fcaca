import { ALARMS, COMMAND_TYPES, EVENT_TYPES, POSITION_KEYS } from '@rastro/api';
import { describe, expect, it } from 'vitest';
import { catalogText } from '../testing/catalogs.ts';
import { SUPPORTED_LOCALES } from './locale.ts';
import { mergeCatalogs, type Catalog } from './merge.ts';
import { NAME_KEYS, alarmNames, nameOf, type NameKind } from './names.ts';

/** Every catalog file the app loads (the globs of i18n/index.ts): the shared one and each feature's. */
const files = import.meta.glob<Catalog>(['./*.json', '../features/*/i18n/*.json'], { import: 'default', eager: true });

const localeOf = (path: string) => path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/'));

/** A language's catalogs merged as the app merges them. */
const merged = Object.fromEntries(
  SUPPORTED_LOCALES.map((locale) => [locale, mergeCatalogs(Object.entries(files).filter(([path]) => localeOf(path) === locale).map(([, catalog]) => catalog))]),
);

function keysOf(catalog: Catalog, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([key, value]) => (typeof value === 'string' ? [prefix + key] : keysOf(value, `${prefix}${key}.`))).sort();
}

/**
 * The ids of Traccar's vocabulary the product can show, from the lists of @rastro/api that the
 * server keeps to (codecs offer only COMMAND_TYPES: apps/server/test/command-types.test.ts;
 * position/keys.ts only POSITION_KEYS; codecs' alarm tables and newEvent() only ALARMS and EVENT_TYPES).
 */
const VOCABULARY: Record<NameKind, readonly string[]> = {
  commandType: COMMAND_TYPES,
  alarm: ALARMS,
  eventType: EVENT_TYPES,
  attribute: POSITION_KEYS,
};

describe('names of command types, alarms, event types and position attributes', () => {
  it('come from the real lists', () => {
    expect(COMMAND_TYPES.length).toBeGreaterThanOrEqual(46);
    expect(ALARMS.length).toBeGreaterThanOrEqual(39);
    expect(EVENT_TYPES.length).toBeGreaterThanOrEqual(25);
    expect(POSITION_KEYS.length).toBeGreaterThanOrEqual(72);
    expect(Object.keys(files).length).toBeGreaterThanOrEqual(3 * 20);
  });

  it.each(SUPPORTED_LOCALES)('are all in the %s catalogs', (locale) => {
    const missing = (Object.keys(VOCABULARY) as NameKind[]).flatMap((kind) =>
      VOCABULARY[kind].map((id) => `${NAME_KEYS[kind]}.${id}`).filter((key) => !catalogText(merged[locale], key)?.trim()),
    );
    expect(missing).toEqual([]);
  });

  it('are shown translated, and an id no catalog has as it came', () => {
    const catalog = merged['pt-BR'];
    const i18n = { t: (key: string) => catalogText(catalog, key) ?? `⟦${key}⟧`, exists: (key: string) => catalogText(catalog, key) !== undefined };
    expect(nameOf(i18n, 'commandType', 'alarmDismiss')).toBe(catalogText(catalog, 'commands.types.alarmDismiss'));
    expect(nameOf(i18n, 'commandType', 'alarmDismiss')).not.toBe('alarmDismiss');
    expect(nameOf(i18n, 'attribute', 'coolantTemp')).toBe(catalogText(catalog, 'reports.attribute.coolantTemp'));
    expect(nameOf(i18n, 'eventType', 'brandNewEvent')).toBe('brandNewEvent');
    expect(alarmNames(i18n, 'sos, powerCut,,madeUp')).toEqual([catalogText(catalog, 'alarms.sos'), catalogText(catalog, 'alarms.powerCut'), 'madeUp']);
    expect(alarmNames(i18n, 3)).toEqual([]);
  });
});

describe('catalog files', () => {
  const folders = [...new Set(Object.keys(files).map(folderOf))].sort();

  it.each(folders)('%s has one catalog per language, with the same keys', (folder) => {
    const catalogOf = (locale: string) => files[`${folder}/${locale}.json`] as Catalog | undefined;
    expect(Object.keys(files).filter((path) => folderOf(path) === folder).map(localeOf).sort()).toEqual([...SUPPORTED_LOCALES].sort());
    // plural forms differ by language (pt-BR and es need `_many`, en-US does not): catalogs.test.ts
    // checks each language's forms, so here a plural key counts once under its base name
    const baseKeysOf = (catalog: Catalog) => [...new Set(keysOf(catalog).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')))];
    const reference = baseKeysOf(catalogOf('pt-BR') ?? {});
    for (const locale of SUPPORTED_LOCALES) {
      const keys = baseKeysOf(catalogOf(locale) ?? {});
      expect({ locale, missing: reference.filter((key) => !keys.includes(key)), extra: keys.filter((key) => !reference.includes(key)) }).toEqual({ locale, missing: [], extra: [] });
    }
  });
});

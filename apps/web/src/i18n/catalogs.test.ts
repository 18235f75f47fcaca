import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { DEVICE_STATUSES, NOTIFICATION_TYPES } from '@rastro/api';
import { i18nOptions } from './index.ts';
import { mergeCatalogs, type Catalog } from './merge.ts';

/** The shared catalog merged with every feature's, as the app loads them. */
function load(locale: string): Catalog {
  const srcDir = fileURLToPath(new URL('..', import.meta.url));
  const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Catalog;
  const features = join(srcDir, 'features');
  const parts = [read(join(srcDir, 'i18n', `${locale}.json`))];
  for (const area of readdirSync(features)) {
    const file = join(features, area, 'i18n', `${locale}.json`);
    try {
      parts.push(read(file));
    } catch {
      // this feature keeps no catalog of its own
    }
  }
  return mergeCatalogs(parts);
}

const catalogs: Record<string, Catalog> = { 'pt-BR': load('pt-BR'), 'en-US': load('en-US'), es: load('es') };
const pt = catalogs['pt-BR'];

function flatten(catalog: Catalog, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix + key;
    if (typeof value === 'string') entries.set(path, value);
    else flatten(value, `${path}.`).forEach((text, nested) => entries.set(nested, text));
  }
  return entries;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * A language's texts with each plural key (`attempts_one`, `attempts_other`…) under its base name
 * (`attempts`, holding the `_other` text): languages differ in the plural forms they need, not in
 * what they say. The forms themselves are checked apart.
 */
function baseTexts(texts: Map<string, string>): Map<string, string> {
  const bases = new Map<string, string>();
  for (const [key, text] of texts) {
    const base = key.replace(PLURAL_SUFFIX, '');
    if (base === key || key.endsWith('_other')) bases.set(base, text);
  }
  return bases;
}

const plain = Object.fromEntries(Object.entries(catalogs).map(([locale, catalog]) => [locale, flatten(catalog)]));
const flat = Object.fromEntries(Object.entries(plain).map(([locale, texts]) => [locale, baseTexts(texts)]));
const ptKeys = [...flat['pt-BR'].keys()].sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('catalogs', () => {
  it('have the same keys in every language', () => {
    for (const locale of ['en-US', 'es']) {
      expect([...flat[locale].keys()].sort(), locale).toEqual(ptKeys);
    }
  });

  it('have no empty texts and the same placeholders everywhere', () => {
    for (const key of ptKeys) {
      const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
      for (const locale of Object.keys(flat)) {
        const text = flat[locale].get(key) ?? '';
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
        expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(flat['pt-BR'].get(key) ?? ''));
      }
    }
  });

  it('give every plural key each form its language needs, and the count in each', () => {
    for (const [locale, texts] of Object.entries(plain)) {
      const forms = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const bases = new Set([...texts.keys()].filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, '')));
      for (const base of bases) {
        for (const form of forms) {
          expect(texts.get(`${base}_${form}`), `${locale} ${base}_${form}`).toMatch(/\{\{count\}\}/);
        }
      }
    }
  });

  it('say "1 tentativa", not "1 tentativas", in each language', async () => {
    const instance = i18next.createInstance();
    await instance.init({ ...i18nOptions('pt-BR'), resources: Object.fromEntries(Object.entries(catalogs).map(([locale, catalog]) => [locale, { translation: catalog }])) });
    const said = (locale: string, count: number) => instance.getFixedT(locale)('deliveries.attempts', { count });
    expect([said('pt-BR', 1), said('pt-BR', 2)]).toEqual(['1 tentativa', '2 tentativas']);
    expect([said('en-US', 1), said('en-US', 2)]).toEqual(['1 attempt', '2 attempts']);
    expect([said('es', 1), said('es', 3), said('es', 1_000_000)]).toEqual(['1 intento', '3 intentos', '1000000 de intentos']);
  });

  it('contain every key the source code names', () => {
    const namespaces = Object.keys(pt).join('|');
    const keyLiteral = new RegExp(`['"\`]((?:${namespaces})\\.[A-Za-z0-9_.]+)['"\`]`, 'g');
    const srcDir = fileURLToPath(new URL('..', import.meta.url));
    const used = new Set<string>();
    for (const file of sourceFiles(srcDir)) {
      for (const match of readFileSync(file, 'utf8').matchAll(keyLiteral)) used.add(match[1]);
    }
    expect(used.size).toBeGreaterThan(40);
    // a literal may also name a group of keys (i18n/names.ts: the prefix of command type names, …)
    const groups = new Set(ptKeys.flatMap((key) => key.split('.').slice(0, -1).map((_, index, parts) => parts.slice(0, index + 1).join('.'))));
    const missing = [...used].filter((key) => !flat['pt-BR'].has(key) && !groups.has(key));
    expect(missing).toEqual([]);
  });

  it('contain the keys built at run time', () => {
    const dynamic = [
      ...DEVICE_STATUSES.map((status) => `status.${status}`),
      ...['all', ...DEVICE_STATUSES, 'moving'].map((filter) => `devices.filter.${filter}`),
      ...NOTIFICATION_TYPES.map((type) => `events.${type}`),
      ...['FILL_ALL_FIELDS', 'INVALID_LOGIN_DATA', 'USER_IS_DISABLED', 'USER_NOT_AUTHED', 'REQUEST_TIMEOUT',
        'NETWORK_ERROR', 'UNKNOWN_ERROR'].map((code) => `errors.${code}`),
    ];
    expect(dynamic.filter((key) => !flat['pt-BR'].has(key))).toEqual([]);
  });

  it('keep the spec texts of §5 and §8 in Portuguese', () => {
    expect(flat['pt-BR'].get('errors.FILL_ALL_FIELDS')).toBe('Por favor, preencha todos os campos.');
    expect(flat['pt-BR'].get('errors.INVALID_LOGIN_DATA')).toBe('Desculpe, parece que você digitou dados incorretos.');
    expect(flat['pt-BR'].get('errors.USER_IS_DISABLED')).toBe('Usuario bloqueado, entre em contato com o administrador.');
    expect(flat['pt-BR'].get('validation.nameRequired')).toBe('Digite um nome e sobrenome');
    expect(flat['pt-BR'].get('validation.minFour')).toBe('Minimo 4 characteres exigido');
    expect(flat['en-US'].get('validation.nameRequired')).toBe('Please input a name and lastname');
    expect(flat['pt-BR'].get('shell.exit')).toBe('Sair');
  });
});

describe('missing keys', () => {
  it('show the key wrapped in markers, after trying the en-US fallback', async () => {
    const instance = i18next.createInstance();
    await instance.init({
      ...i18nOptions('pt-BR'),
      resources: { 'pt-BR': { translation: { only: { pt: 'sim' } } }, 'en-US': { translation: { only: { en: 'yes' } } } },
    });
    expect(instance.t('only.pt')).toBe('sim');
    expect(instance.t('only.en')).toBe('yes');
    expect(instance.t('nowhere.key')).toBe('⟦nowhere.key⟧');
  });
});

import type { Attributes } from '@rastro/api';

export const SUPPORTED_LOCALES = ['pt-BR', 'en-US', 'es'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];

/** Each language named in itself, so a reader finds theirs whatever language the page is in. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  'pt-BR': 'Português (Brasil)',
  'en-US': 'English (US)',
  es: 'Español',
};

/** The languages as the options of a select: value and native name. */
export const LANGUAGE_OPTIONS = SUPPORTED_LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }));
export const DEFAULT_LOCALE: Locale = 'pt-BR';
export const FALLBACK_LOCALE: Locale = 'en-US';

/** Maps any language tag to a supported locale by its language part: pt* → pt-BR, en* → en-US, es* → es. */
export function normalizeLocale(tag: string | null | undefined): Locale | null {
  const language = tag?.trim().toLowerCase().split(/[-_]/)[0];
  switch (language) {
    case 'pt':
      return 'pt-BR';
    case 'en':
      return 'en-US';
    case 'es':
      return 'es';
    default:
      return null;
  }
}

export interface LocaleSources {
  /** `?locale=` of the page address. */
  query?: string | null;
  /** Browser languages in preference order. */
  browser?: readonly string[];
  /** `lang` of the html element. */
  htmlLang?: string | null;
}

/** The first supported locale among the query, the browser languages and the html lang; else pt-BR. */
export function resolveLocale({ query, browser = [], htmlLang }: LocaleSources): Locale {
  for (const candidate of [query, ...browser, htmlLang]) {
    const locale = normalizeLocale(candidate);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

const LANGUAGE_ATTRIBUTE = 'tarkan.lang';

/** `tarkan.lang` of the first attribute set that has a supported one (pass the user's before the server's). */
export function localeFromAttributes(...sets: (Attributes | null | undefined)[]): Locale | null {
  for (const attributes of sets) {
    const value = attributes?.[LANGUAGE_ATTRIBUTE];
    const locale = typeof value === 'string' ? normalizeLocale(value) : null;
    if (locale) return locale;
  }
  return null;
}

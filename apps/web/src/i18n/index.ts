import i18next, { type BackendModule, type InitOptions, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LOCALE, SUPPORTED_LOCALES, resolveLocale, type Locale } from './locale.ts';
import { mergeCatalogs, type Catalog } from './merge.ts';

/** A key missing from every catalog shows up wrapped in these markers instead of vanishing. */
const markMissingKey = (key: string): string => `⟦${key}⟧`;

export function i18nOptions(locale: Locale): InitOptions {
  return {
    lng: locale,
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: [...SUPPORTED_LOCALES],
    load: 'currentOnly',
    interpolation: { escapeValue: false }, // React escapes
    parseMissingKeyHandler: markMissingKey,
    showSupportNotice: false,
  };
}

/**
 * Each catalog is its own chunk: a page loads only its language and the fallback. The shared
 * catalog lives here; each feature may keep its own in `features/<area>/i18n/<locale>.json`.
 */
const catalogs = import.meta.glob<Catalog>(['./*.json', '../features/*/i18n/*.json'], { import: 'default' });

/** A language's catalogs, loading (a module already asked for is not fetched again). */
const catalogLoads = (language: string) =>
  Object.entries(catalogs).filter(([path]) => path.endsWith(`/${language}.json`)).map(([, load]) => load());

const catalogBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    const loads = catalogLoads(language);
    if (!loads.length) {
      callback(new Error(`No catalog for ${language}`), false);
      return;
    }
    Promise.all(loads).then(
      (parts) => callback(null, mergeCatalogs(parts) as ResourceLanguage),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export async function initI18n(): Promise<void> {
  const locale = resolveLocale({
    query: new URLSearchParams(window.location.search).get('locale'),
    browser: navigator.languages,
    htmlLang: document.documentElement.lang,
  });
  // asked for now, before any other request, rather than when i18next gets to them
  catalogLoads(locale);
  if (locale !== FALLBACK_LOCALE) catalogLoads(FALLBACK_LOCALE);
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  await i18next.use(catalogBackend).use(initReactI18next).init(i18nOptions(locale));
}

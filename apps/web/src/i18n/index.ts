import i18next, { type BackendModule, type InitOptions } from 'i18next';
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
 * The default locale's and the fallback's catalogs come with the page's code (one chunk each,
 * preloaded with the entry): loaded on demand they were fetched at low priority and waited behind
 * a large fleet's lists. Other languages load on demand, one chunk each. The shared catalog lives
 * here; each feature may keep its own in `features/<area>/i18n/<locale>.json`.
 */
const bundled = import.meta.glob<Catalog>(
  ['./pt-BR.json', './en-US.json', '../features/*/i18n/pt-BR.json', '../features/*/i18n/en-US.json'],
  { import: 'default', eager: true },
);
const onDemand = import.meta.glob<Catalog>(['./*.json', '../features/*/i18n/*.json', '!**/pt-BR.json', '!**/en-US.json'], { import: 'default' });

const ofLanguage = <T,>(catalogs: Record<string, T>, language: string): T[] =>
  Object.entries(catalogs).filter(([path]) => path.endsWith(`/${language}.json`)).map(([, catalog]) => catalog);

/** A language's catalogs: at hand when bundled, else loading (a module already asked for is not fetched again). */
const catalogLoads = (language: string): Promise<Catalog>[] => {
  const atHand = ofLanguage(bundled, language);
  return atHand.length ? atHand.map((catalog) => Promise.resolve(catalog)) : ofLanguage(onDemand, language).map((load) => load());
};

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
      (parts) => callback(null, mergeCatalogs(parts)),
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
  // a language not bundled is asked for now, before any other request, rather than when i18next gets to it
  void catalogLoads(locale);
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  await i18next.use(catalogBackend).use(initReactI18next).init(i18nOptions(locale));
}

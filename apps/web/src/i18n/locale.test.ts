import { describe, expect, it } from 'vitest';
import { localeFromAttributes, normalizeLocale, resolveLocale } from './locale.ts';

describe('normalizeLocale', () => {
  it('maps language families to the supported locales', () => {
    expect(normalizeLocale('pt')).toBe('pt-BR');
    expect(normalizeLocale('pt-PT')).toBe('pt-BR');
    expect(normalizeLocale('en-GB')).toBe('en-US');
    expect(normalizeLocale('EN_us')).toBe('en-US');
    expect(normalizeLocale('es-AR')).toBe('es');
    expect(normalizeLocale('fr-FR')).toBeNull();
    expect(normalizeLocale('')).toBeNull();
    expect(normalizeLocale(undefined)).toBeNull();
  });
});

describe('resolveLocale', () => {
  it('prefers the ?locale= query', () => {
    expect(resolveLocale({ query: 'es', browser: ['en-US'], htmlLang: 'pt-BR' })).toBe('es');
  });

  it('then the first supported browser language', () => {
    expect(resolveLocale({ query: null, browser: ['fr-FR', 'en-GB', 'es'], htmlLang: 'pt-BR' })).toBe('en-US');
  });

  it('skips an unsupported query', () => {
    expect(resolveLocale({ query: 'de', browser: ['es-MX'] })).toBe('es');
  });

  it('then the html lang attribute', () => {
    expect(resolveLocale({ browser: ['fr'], htmlLang: 'en' })).toBe('en-US');
  });

  it('defaults to pt-BR', () => {
    expect(resolveLocale({ browser: ['ja-JP'], htmlLang: '' })).toBe('pt-BR');
    expect(resolveLocale({})).toBe('pt-BR');
  });
});

describe('localeFromAttributes', () => {
  it('takes the first set with a supported tarkan.lang', () => {
    expect(localeFromAttributes({ 'tarkan.lang': 'es' }, { 'tarkan.lang': 'en' })).toBe('es');
    expect(localeFromAttributes({ 'tarkan.lang': 'xx' }, { 'tarkan.lang': 'en' })).toBe('en-US');
    expect(localeFromAttributes({}, null, undefined)).toBeNull();
    expect(localeFromAttributes({ 'tarkan.lang': 5 })).toBeNull();
  });
});

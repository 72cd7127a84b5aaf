import { describe, expect, it } from 'vitest';
import {
  acceptedLanguages,
  directionOf,
  isLocale,
  localeForTag,
  localeFromAcceptLanguage,
  preferredLocale,
} from './locales';

describe('the languages Hearth speaks', () => {
  it('matches a tag exactly, then by language in another region', () => {
    expect(localeForTag('de')).toBe('de');
    expect(localeForTag('de-AT')).toBe('de');
    expect(localeForTag('pt-br')).toBe('pt-BR');
    expect(localeForTag('pt-PT')).toBe('pt-BR');
    expect(localeForTag('pt')).toBe('pt-BR');
    expect(localeForTag('ar_EG')).toBe('ar');
    expect(localeForTag('nl')).toBeNull();
    expect(localeForTag('*')).toBeNull();
    expect(localeForTag('')).toBeNull();
  });

  it('takes the first of a browser’s languages that it speaks', () => {
    expect(preferredLocale(['nl-NL', 'fr-CA', 'en'])).toBe('fr');
    expect(preferredLocale(['nl', 'sv'])).toBeNull();
  });

  it('reads Accept-Language by weight, keeping the header’s order for equal weights', () => {
    expect(acceptedLanguages('en;q=0.5, de-DE, fr;q=0.9')).toEqual(['de-DE', 'fr', 'en']);
    expect(acceptedLanguages('es, ar')).toEqual(['es', 'ar']);
    expect(acceptedLanguages('de;q=0, fr;q=0.1')).toEqual(['fr']);
    expect(acceptedLanguages('de;q=abc')).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('answers German for a German browser, Arabic for an Arabic one, and English otherwise', () => {
    expect(localeFromAcceptLanguage('de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('de');
    expect(localeFromAcceptLanguage('ar-SA,ar;q=0.9')).toBe('ar');
    expect(localeFromAcceptLanguage('nl-NL,nl;q=0.9')).toBe('en');
    expect(localeFromAcceptLanguage('')).toBe('en');
    expect(localeFromAcceptLanguage('de;q=0,es;q=0.2')).toBe('es');
  });

  it('reads only the start of a long header', () => {
    const long = `${Array.from({ length: 500 }, (_, i) => `x${i};q=0.5`).join(',')},de`;
    expect(localeFromAcceptLanguage(long)).toBe('en');
  });

  it('knows Arabic runs right to left and the rest left to right', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('de')).toBe('ltr');
    expect(isLocale('pt-BR')).toBe(true);
    expect(isLocale('pt')).toBe(false);
  });
});

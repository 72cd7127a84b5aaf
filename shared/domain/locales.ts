/**
 * The languages Hearth speaks (ADR 055). Each is complete: every message of the interface and the
 * mails has it. English is the source language and the fallback: the spec's exact texts are its
 * English messages.
 */
export const LOCALES = ['en', 'de', 'fr', 'es', 'pt-BR', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

export const SOURCE_LOCALE: Locale = 'en';

/** Each language named in itself, as a member looking for their own recognises it. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  ar: 'العربية',
};

const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set(['ar']);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The writing direction of a language, for `<html dir>`. */
export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr';
}

/**
 * The language Hearth speaks best for one tag a browser names (`de-AT`, `pt`, `ar-EG`, `en`): the
 * exact one, else the same language in another region (Portuguese is Brazil's here), else null.
 */
export function localeForTag(tag: string): Locale | null {
  const wanted = tag.trim().toLowerCase();
  if (!wanted || wanted === '*') return null;
  const exact = LOCALES.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split(/[-_]/)[0];
  return LOCALES.find((locale) => locale.toLowerCase().split('-')[0] === language) ?? null;
}

/** The first of a browser's languages, in its order of preference, that Hearth speaks. */
export function preferredLocale(tags: readonly string[]): Locale | null {
  for (const tag of tags) {
    const locale = localeForTag(tag);
    if (locale) return locale;
  }
  return null;
}

/** At most this many entries of an `Accept-Language` header are read: a header is the sender's to make long. */
const ACCEPT_LANGUAGE_ENTRIES = 20;

/**
 * The languages an `Accept-Language` header asks for, best first (RFC 9110: `q` weights, 1 when
 * absent; equal weights keep the header's order; `q=0` means "not this one").
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 1000)
    .split(',')
    .slice(0, ACCEPT_LANGUAGE_ENTRIES)
    .map((entry, index) => {
      const [tag = '', ...parameters] = entry.split(';');
      const q = parameters.find((parameter) => /^\s*q\s*=/i.test(parameter));
      // RFC 9110's qvalue: 0 to 1, at most three decimals; a malformed one counts as "not this one".
      const weight =
        q === undefined ? 1 : Number(/^\s*q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*$/i.exec(q)?.[1] ?? 0);
      return { tag: tag.trim(), weight, index };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The language for a browser's `Accept-Language` header: the first it asks for that Hearth speaks, else English. */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  return preferredLocale(acceptedLanguages(header)) ?? SOURCE_LOCALE;
}

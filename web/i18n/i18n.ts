import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { useEffect, useSyncExternalStore } from 'react';
import { type Locale, SOURCE_LOCALE, directionOf, isLocale, preferredLocale } from '@shared/domain/locales';
import english from './catalogs/en';

/**
 * Hearth's words in the member's language (ADR 055): one Lingui instance for the whole web app.
 * English ships with the code that shows it (in a build each module registers its own texts, see
 * ./english.ts); every other language is one chunk, loaded whole before the first render when the
 * page says it is wanted (`<html lang>`, set by the server) and when a member switches.
 */
export const i18n: I18n = setupI18n({ locale: SOURCE_LOCALE, messages: { [SOURCE_LOCALE]: { ...english } } });

const catalogs: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Messages }>> = {
  de: () => import('./catalogs/de'),
  fr: () => import('./catalogs/fr'),
  es: () => import('./catalogs/es'),
  'pt-BR': () => import('./catalogs/pt-BR'),
  ar: () => import('./catalogs/ar'),
};

const loaded = new Set<Locale>([SOURCE_LOCALE]);

/** What every language but English needs beside its catalog (loadWithOtherLanguages). */
const companions: (() => Promise<void>)[] = [];

/**
 * Loads `load` with the first language other than English, before that language speaks: for a part
 * of the web that English can do without (the server already speaks English). Called when a module
 * is evaluated; should another language be loaded already, `load` starts at once.
 */
export function loadWithOtherLanguages(load: () => Promise<void>): void {
  companions.push(load);
  if (loaded.size > 1) load().catch((error: unknown) => console.error('Loading a language failed', error));
}

/**
 * Speaks `locale` from now on: loads its catalog once (the catalog check keeps every language
 * complete; in tests and the development server English also fills any gap), then sets
 * `<html lang dir>` and re-renders every component that reads a message.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  if (!loaded.has(locale)) {
    const [{ default: messages }] = await Promise.all([
      catalogs[locale as Exclude<Locale, 'en'>](),
      ...companions.map((load) => load()),
    ]);
    i18n.load(locale, { ...english, ...messages });
    loaded.add(locale);
  }
  i18n.activate(locale);
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

/** The language the page was served in (`<html lang>`, the server's choice for this browser). */
export function servedLocale(): Locale {
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : SOURCE_LOCALE;
}

export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE;
}

function subscribe(onChange: () => void): () => void {
  return i18n.on('change', onChange);
}

/**
 * The message function for a component: `t(id)`, or `t(id, { count })` for a message with values. The
 * component draws again when the language changes. Outside components (a toast's text, a title),
 * use `t` itself, at the moment the text is shown: never keep a message in a module-level constant.
 */
export function useT(): I18n['_'] {
  useSyncExternalStore(subscribe, currentLocale, currentLocale);
  return t;
}

/** The active language, for a component whose formatting (dates, numbers) follows it. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}

/** A message in the active language. */
export const t: I18n['_'] = i18n._.bind(i18n) as I18n['_'];

/**
 * Readies the number format and plural rules of the active language before a screen's first render
 * uses them ("6 photos", "3 comments"): a page's first `Intl.NumberFormat` loads the browser's
 * locale data, 25 to 100 ms of main thread on a slow phone, which inside the first render would hold
 * the whole screen. Called while the first screen's data is on its way (web/app/first-screen.ts),
 * in a task of its own; the formats made later reuse what it loaded.
 */
export function prepareNumbers(): void {
  const locale = currentLocale();
  new Intl.NumberFormat(locale).format(2);
  new Intl.PluralRules(locale).select(2);
}

/**
 * The language this browser asks for first among Hearth's, as the server reads Accept-Language:
 * what a member who has chosen none gets.
 */
export function browserLocale(): Locale {
  return preferredLocale(navigator.languages ?? [navigator.language]) ?? SOURCE_LOCALE;
}

/**
 * Speaks the signed-in member's language: the one they chose, else their browser's. The page
 * usually arrives in it already (the server reads the same choice); this catches a page kept from
 * before a change, or one opened on a browser where they chose on another device.
 */
export function useMemberLocale(chosen: string | null | undefined, signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return;
    const wanted = isLocale(chosen) ? chosen : browserLocale();
    if (wanted !== currentLocale()) {
      activateLocale(wanted).catch((error: unknown) => console.error('Loading a language failed', error));
    }
  }, [chosen, signedIn]);
}

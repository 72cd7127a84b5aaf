import fs from 'node:fs';
import path from 'node:path';
import { type I18n, setupI18n } from '@lingui/core';
import { LOCALES, type Locale, SOURCE_LOCALE, directionOf } from '../../shared/domain/locales';
import { type CompiledCatalog, compileCatalog } from '../../shared/domain/message-catalog';
import { ROOT } from '../paths';

/**
 * The words of Hearth's mails in each language (ADR 055): server/i18n/messages/<locale>.json, one
 * flat catalog per language with ids `mail.<template>.<what>`, read and compiled once when the server
 * starts (a broken catalog stops the start, naming the message). English fills any gap.
 */
export const MESSAGES_DIR = path.join(ROOT, 'server', 'i18n', 'messages');

/** The message function of one language: `t('mail.digest.intro', { app })`. */
export type MailText = I18n['_'];

function readCatalog(locale: Locale): CompiledCatalog {
  const file = path.join(MESSAGES_DIR, `${locale}.json`);
  return compileCatalog(fs.readFileSync(file, 'utf8'), path.relative(ROOT, file));
}

function loadLanguages(): ReadonlyMap<Locale, MailText> {
  const english = readCatalog(SOURCE_LOCALE);
  return new Map(
    LOCALES.map((locale) => {
      const messages = locale === SOURCE_LOCALE ? english : { ...english, ...readCatalog(locale) };
      const i18n = setupI18n({ locale, messages: { [locale]: messages } });
      return [locale, i18n._.bind(i18n) as MailText];
    }),
  );
}

const languages = loadLanguages();

/** The message function for mails to a member who reads `locale`. */
export function mailText(locale: Locale): MailText {
  return languages.get(locale)!;
}

/**
 * The `lang` and `dir` a mail's HTML carries (`lang="ar" dir="rtl"`), so mail programs lay it out
 * and read it aloud in its language. English mails stay as they always were, with neither.
 */
export function htmlLanguage(locale: Locale): string {
  if (locale === SOURCE_LOCALE) return '';
  const dir = directionOf(locale);
  return ` lang="${locale}"${dir === 'rtl' ? ' dir="rtl"' : ''}`;
}

/**
 * A calendar day as the member reads it, in their language and time zone: "March 3, 2026",
 * "3. März 2026". English is the United States' wording, as Hearth's mails have always been.
 */
export function mailDate(date: Date, timeZone: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === SOURCE_LOCALE ? 'en-US' : locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone,
  }).format(date);
}

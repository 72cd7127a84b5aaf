import type { Messages } from '@lingui/core';
import { SOURCE_LOCALE } from '@shared/domain/locales';
import { i18n } from './i18n';

/**
 * Adds English texts to the web's catalog. A build calls it from each module with the texts that
 * module names, when the module is first evaluated (scripts/message-catalogs.ts, ADR 055); tests and
 * the development server load the whole English catalog at once and never call it. Lingui's `load`
 * tells every subscriber once a call, and offers no quiet way to add texts; useT and useLocale read
 * only the language from that news, which stays the same, so a registration draws nothing again.
 */
export function registerEnglish(messages: Messages): void {
  i18n.load(SOURCE_LOCALE, messages);
}

import { SOURCE_LOCALE } from '@shared/domain/locales';
import { currentLocale, loadWithOtherLanguages, t } from '@web/i18n/i18n';

/**
 * The tables that name the server's texts' messages (./server-text-ids.ts), there once a language
 * other than English was loaded. In English the server's words are the messages already, word for
 * word, so the first screen does without them.
 */
let ids: typeof import('./server-text-ids') | null = null;
loadWithOtherLanguages(async () => {
  ids = await import('./server-text-ids');
});

/** A text the server sent, in the member's language when it is one of the spec's; else as it came. */
export function serverText(text: string): string {
  if (!ids || currentLocale() === SOURCE_LOCALE) return text;
  const id = ids.KNOWN[text];
  if (id) return t(id);
  for (const { pattern, id: numbered, value } of ids.WITH_NUMBER) {
    const match = pattern.exec(text);
    if (match) return t(numbered, { [value]: Number(match[1]) });
  }
  return text;
}

/** A field's name as a field error reads it: "password confirmation" for `password_confirmation`. */
export function fieldName(field: string): string {
  const id = ids && currentLocale() !== SOURCE_LOCALE ? ids.FIELD_NAMES[field] : undefined;
  return id ? t(id) : field.replace(/_/g, ' ');
}

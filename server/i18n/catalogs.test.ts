import fs from 'node:fs';
import path from 'node:path';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LOCALES, SOURCE_LOCALE } from '../../shared/domain/locales';
import { compileCatalog } from '../../shared/domain/message-catalog';
import { MESSAGES_DIR, mailText } from './mail-text';

/**
 * The mails' catalog check (ADR 055), as web/i18n/catalogs.test.ts is the web's: every language has
 * exactly English's messages, each valid ICU and not empty, naming the same values; every message the
 * server's code names exists, and every message is named by the code.
 */
const SERVER = path.join(import.meta.dirname, '..');

const source = (locale: string) => fs.readFileSync(path.join(MESSAGES_DIR, `${locale}.json`), 'utf8');
const english = compileCatalog(source(SOURCE_LOCALE), 'en.json');

/** The names of the values a compiled message reads, inside plurals and selects too. */
function valuesOf(message: CompiledMessage, names = new Set<string>()): Set<string> {
  if (typeof message === 'string') return names;
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, , options] = token;
    names.add(name);
    // A plural's or select's branches (its `offset` is not one).
    for (const branch of Object.values(options ?? {})) {
      if (Array.isArray(branch)) valuesOf(branch as CompiledMessage, names);
    }
  }
  return names;
}
const sorted = (names: Set<string>) => [...names].sort();

function codeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && /\.ts$/.test(file) && !/\.test\.ts$/.test(file) ? [file] : [];
  });
}

describe('mail catalogs', () => {
  for (const locale of LOCALES) {
    it(`server/i18n/messages/${locale}.json has exactly English's messages, each valid, with its values`, () => {
      const raw = JSON.parse(source(locale)) as Record<string, string>;
      const catalog = compileCatalog(source(locale), `${locale}.json`);
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
      for (const [id, message] of Object.entries(catalog)) {
        expect(raw[id]!.trim(), `${locale} ${id} is empty`).not.toBe('');
        expect(sorted(valuesOf(message)), `${locale} ${id}`).toEqual(sorted(valuesOf(english[id]!)));
      }
    });
  }

  it('hold every message the server names, and the server names every message they hold', () => {
    const code = codeFiles(SERVER)
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n');
    const named = [...code.matchAll(/['"`](mail\.[\w]+\.[\w.]+)['"`]/g)].map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((id) => !(id in english))).toEqual([]);
    expect(Object.keys(english).filter((id) => !code.includes(`'${id}'`))).toEqual([]);
  });

  it('speak each language, and fill a gap with English', () => {
    expect(mailText('de')('mail.signUpAttempt.signIn')).toBe('Anmelden');
    expect(mailText('ar')('mail.digest.subject', { app: 'Hearth', count: 11 })).toBe(
      'ملخصك من Hearth: 11 إشعارًا جديدًا',
    );
    expect(mailText('en')('mail.digest.subject', { app: 'Hearth', count: 1 })).toBe(
      'Your Hearth digest: 1 new notification',
    );
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, SOURCE_LOCALE } from '@shared/domain/locales';
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { compileCatalog } from '@shared/domain/message-catalog';
import { catalogDirs as catalogDirsUnder, filesUnder } from '../../scripts/catalog-files';
import { textsInCode } from '../../scripts/interface-texts';
import untranslated from './untranslated.json';

/**
 * The catalog check (ADR 055): every language has every message, with the same placeholders and
 * tags as English; every message the code names exists; and no interface text is written into the
 * code instead of a catalog. Files still on the list in untranslated.json are the ones not yet moved
 * to messages; the list only shrinks (a file that is clean must leave it).
 */
const WEB = path.join(import.meta.dirname, '..');
const ROOT = path.join(WEB, '..');

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
const catalogDirs = catalogDirsUnder(WEB);
const readCatalog = (dir: string, locale: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(dir, `${locale}.json`), 'utf8')) as Record<string, string>;

/**
 * The argument names and tags a text uses: what a translation must keep, in any order. Read from
 * the compiled message, so words inside a plural's branch are never taken for an argument.
 */
function partsOf(text: string): string[] {
  const parts = new Set<string>();
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string') {
        for (const match of token.matchAll(/<\/?([A-Za-z][\w-]*)\s*\/?>/g)) parts.add(`<${match[1]}>`);
        continue;
      }
      const [name, , format] = token;
      parts.add(`{${name}}`);
      if (format && typeof format === 'object') {
        for (const [key, branch] of Object.entries(format))
          if (key !== 'offset' && Array.isArray(branch)) walk(branch);
      }
    }
  };
  walk(compileMessageOrThrow(text));
  return [...parts].sort();
}

const sourceFiles = filesUnder(
  WEB,
  (file) =>
    /\.(ts|tsx)$/.test(file) &&
    !/\.(test|fixture)\.tsx?$/.test(file) &&
    !file.includes(`${path.sep}test${path.sep}`),
);

describe('message catalogs', () => {
  it('exist for the web', () => {
    expect(catalogDirs.length).toBeGreaterThan(0);
  });

  for (const dir of catalogDirs) {
    const english = readCatalog(dir, SOURCE_LOCALE);
    for (const locale of LOCALES) {
      it(`${relative(dir)}/${locale}.json has exactly English's messages, each valid, with its placeholders and tags`, () => {
        const file = path.join(dir, `${locale}.json`);
        expect(fs.existsSync(file), `${relative(file)} is missing`).toBe(true);
        const catalog = readCatalog(dir, locale);
        expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
        expect(() => compileCatalog(fs.readFileSync(file, 'utf8'), relative(file))).not.toThrow();
        for (const [id, text] of Object.entries(catalog)) {
          expect(text.trim(), `${locale} ${id} is empty`).not.toBe('');
          expect(partsOf(text), `${locale} ${id}`).toEqual(partsOf(english[id]!));
        }
      });
    }
  }

  it('give every message one id across the web', () => {
    const seen = new Map<string, string>();
    for (const dir of catalogDirs) {
      for (const id of Object.keys(readCatalog(dir, SOURCE_LOCALE))) {
        expect(seen.get(id), `${id} is in ${seen.get(id)} and ${relative(dir)}`).toBeUndefined();
        seen.set(id, relative(dir));
      }
    }
  });

  it('hold every message the code names, and the code names every message they hold', () => {
    const english = new Set(catalogDirs.flatMap((dir) => Object.keys(readCatalog(dir, SOURCE_LOCALE))));
    const source = sourceFiles.map((file) => fs.readFileSync(file, 'utf8')).join('\n');
    const named = [
      ...source.matchAll(/\bt\(\s*['"`]([\w.-]+)['"`]/g),
      ...source.matchAll(/<Message\s+id=["']([\w.-]+)["']/g),
    ].map((match) => match[1]!);
    expect(named.filter((id) => !english.has(id))).toEqual([]);
    // A message may be named through a table of ids; its id still appears in the code as a string.
    const unused = [...english].filter((id) => !source.includes(`'${id}'`) && !source.includes(`"${id}"`));
    expect(unused).toEqual([]);
  });
});

describe('interface texts', () => {
  const waiting = new Set<string>(untranslated);

  it('are all in catalogs, but in the files still listed as not yet moved', () => {
    const written = sourceFiles
      .filter((file) => file.endsWith('.tsx') && !waiting.has(relative(file)))
      .flatMap((file) => textsInCode(file).map((text) => `${relative(file)}:${text}`));
    expect(written).toEqual([]);
  });

  it('list only files that still hold texts to move', () => {
    const done = [...waiting].filter((file) => {
      const absolute = path.join(ROOT, file);
      return !fs.existsSync(absolute) || textsInCode(absolute).length === 0;
    });
    expect(done).toEqual([]);
  });

  it('are found where the check looks: text, literal children, read attributes, either branch', () => {
    const probe = path.join(import.meta.dirname, 'probe.fixture.tsx');
    expect(textsInCode(probe)).toEqual([
      '5: Hello there',
      '6: Close',
      '7: Search posts',
      '14: Close menu',
      '14: Open menu',
      '14: items',
    ]);
  });
});

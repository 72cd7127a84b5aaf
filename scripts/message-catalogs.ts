import path from 'node:path';
import type { Plugin } from 'vite';
import { CATALOG_FILE, type CompiledCatalog, compileCatalog } from '../shared/domain/message-catalog';
import { readEnglish } from './catalog-files';

/**
 * The web's message catalogs (a `messages/<locale>.json` beside each part of `web/`) reach the
 * bundle compiled (ADR 055): each ICU text becomes the token list Lingui's runtime reads, still
 * JSON, so Vite's own JSON handling takes it from there and no MessageFormat parser ships to
 * browsers. A broken text fails the build, naming its file and id.
 */
export function messageCatalogs(): Plugin {
  return {
    name: 'hearth-message-catalogs',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!CATALOG_FILE.test(file)) return null;
      return { code: JSON.stringify(compileCatalog(code, file)), map: null };
    },
  };
}

const WEB_MODULE = /[\\/]web[\\/][^?]*\.tsx?$/;
const I18N_CATALOGS = /[\\/]web[\\/]i18n[\\/]catalogs[\\/]/;
/** The catalog's runtime, which every registration imports: it names no message itself. */
const I18N_RUNTIME = /[\\/]web[\\/]i18n[\\/](i18n|english)\.ts$/;
const ENGLISH_CATALOG = /[\\/]web[\\/]i18n[\\/]catalogs[\\/]en\.ts$/;
/** A quoted string that could be a message id (`posts.card.likes`); the catalog decides whether it is. */
const QUOTED_ID = /(['"`])([A-Za-z][\w-]*(?:\.[\w-]+)+)\1/g;

/**
 * The English texts a module's code names, as one statement that hands them to the web's Lingui
 * instance (`register`, imported from `registry`), or null when it names none. Ids are found as the
 * catalog check finds them (web/i18n/catalogs.test.ts): a message is always named by its id written
 * as a string, in a `t(…)` call, a `<Message id>` or a table of ids, so every text a module can show
 * is among them.
 */
export function englishOfModule(code: string, english: CompiledCatalog, registry: string): string | null {
  const named: CompiledCatalog = {};
  for (const [, , id] of code.matchAll(QUOTED_ID)) {
    if (Object.hasOwn(english, id!)) named[id!] = english[id!]!;
  }
  if (Object.keys(named).length === 0) return null;
  return `import { registerEnglish as __hearthEnglish } from ${JSON.stringify(registry)}; __hearthEnglish(${JSON.stringify(named)});`;
}

/**
 * English travels with the code that shows it (ADR 055). In a build, each module of the web carries
 * the English texts it names and registers them when it is first evaluated, which is always before
 * any of its components draws; the whole English catalog (web/i18n/catalogs/en.ts, which tests and
 * the development server use) becomes empty. So the entry holds the frame's and the first screens'
 * texts only, and a screen loaded on demand brings its own. Other languages stay one chunk each,
 * loaded whole when a member speaks them.
 */
export function englishByModule(web: string): Plugin {
  let english: CompiledCatalog = {};
  const registry = path.join(web, 'i18n/english.ts');
  return {
    name: 'hearth-english-by-module',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      english = readEnglish(web);
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (ENGLISH_CATALOG.test(file)) return { code: 'export default {};', map: null };
      if (!WEB_MODULE.test(file) || I18N_CATALOGS.test(file) || I18N_RUNTIME.test(file)) return null;
      const registration = englishOfModule(code, english, registry);
      // On the module's first line, so every other line keeps its number.
      return registration ? { code: `${registration} ${code}`, map: null } : null;
    },
  };
}

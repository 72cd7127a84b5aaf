import fs from 'node:fs';
import path from 'node:path';
import { type CompiledCatalog, compileCatalog } from '../shared/domain/message-catalog';
import { mergeCatalogs } from '../web/i18n/catalogs/merge';

/**
 * Where the web's message catalogs lie on disk (ADR 055), for the tools that read them there: the
 * build's English-by-module plugin (./message-catalogs.ts) and the catalog check
 * (web/i18n/catalogs.test.ts). The web itself finds them with Vite's glob (web/i18n/catalogs/).
 */

/** Every file under `dir`, at any depth, that `keep` accepts. */
export function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && keep(file) ? [file] : [];
  });
}

/** The `messages` folders under `web`: one beside each part, each holding its English at least. */
export function catalogDirs(web: string): string[] {
  return filesUnder(web, (file) => file.endsWith(`${path.sep}messages${path.sep}en.json`)).map((file) =>
    path.dirname(file),
  );
}

/** Every English catalog under `web`, compiled and merged as the web merges them (mergeCatalogs). */
export function readEnglish(web: string): CompiledCatalog {
  const files = catalogDirs(web).map((dir) => path.join(dir, 'en.json'));
  return mergeCatalogs(
    Object.fromEntries(files.map((file) => [file, compileCatalog(fs.readFileSync(file, 'utf8'), file)])),
  ) as CompiledCatalog;
}

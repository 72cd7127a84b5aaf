import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/** A catalog as written: message ids and their ICU MessageFormat texts in one language. */
export type SourceCatalog = Record<string, string>;
/** A catalog ready for Lingui's runtime: each text parsed once, so no parser runs in a browser. */
export type CompiledCatalog = Record<string, CompiledMessage>;

/**
 * Parses a catalog's JSON (`file` names it in errors) and compiles each of its ICU texts. A text
 * that is not valid MessageFormat, or an entry that is not a string, fails the build or the start
 * with the id it belongs to, instead of showing a member a broken sentence.
 */
export function compileCatalog(json: string, file: string): CompiledCatalog {
  let source: unknown;
  try {
    source = JSON.parse(json);
  } catch (error) {
    throw new Error(`${file}: not JSON (${(error as Error).message})`);
  }
  if (!source || typeof source !== 'object' || Array.isArray(source)) {
    throw new Error(`${file}: a catalog is one object of message ids and texts`);
  }
  const compiled: CompiledCatalog = {};
  for (const [id, text] of Object.entries(source)) {
    if (typeof text !== 'string') throw new Error(`${file}: "${id}" is not a text`);
    try {
      compiled[id] = compileMessageOrThrow(text);
    } catch (error) {
      throw new Error(`${file}: "${id}" is not ICU MessageFormat: ${(error as Error).message}`);
    }
  }
  return compiled;
}

/** A catalog file's path: `…/messages/<locale>.json`. */
export const CATALOG_FILE = /[\\/]messages[\\/]([A-Za-z]{2}(?:-[A-Za-z]{2})?)\.json$/;

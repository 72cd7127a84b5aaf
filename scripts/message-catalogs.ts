import type { Plugin } from 'vite';
import { CATALOG_FILE, compileCatalog } from '../shared/domain/message-catalog';

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

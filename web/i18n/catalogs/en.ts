import { mergeCatalogs } from './merge';

/**
 * Every message of the web in English, compiled at build time (ADR 055), for tests and the
 * development server. A build empties it: there each module brings the English it names
 * (englishByModule in scripts/message-catalogs.ts).
 */
export default mergeCatalogs(
  import.meta.glob('../../**/messages/en.json', { eager: true, import: 'default' }),
);

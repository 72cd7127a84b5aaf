import { mergeCatalogs } from './merge';

/** Every message of the web in German, compiled at build time (ADR 055). */
export default mergeCatalogs(
  import.meta.glob('../../**/messages/de.json', { eager: true, import: 'default' }),
);

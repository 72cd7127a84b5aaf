import { mergeCatalogs } from './merge';

/** Every message of the web in French, compiled at build time (ADR 055). */
export default mergeCatalogs(
  import.meta.glob('../../**/messages/fr.json', { eager: true, import: 'default' }),
);

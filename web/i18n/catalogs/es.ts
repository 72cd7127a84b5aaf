import { mergeCatalogs } from './merge';

/** Every message of the web in Spanish, compiled at build time (ADR 055). */
export default mergeCatalogs(
  import.meta.glob('../../**/messages/es.json', { eager: true, import: 'default' }),
);

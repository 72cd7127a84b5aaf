import { mergeCatalogs } from './merge';

/** Every message of the web in English, compiled at build time (ADR 055). */
export default mergeCatalogs(
  import.meta.glob('../../**/messages/en.json', { eager: true, import: 'default' }),
);

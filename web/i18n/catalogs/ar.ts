import { mergeCatalogs } from './merge';

/** Every message of the web in Arabic, compiled at build time (ADR 055). */
export default mergeCatalogs(
  import.meta.glob('../../**/messages/ar.json', { eager: true, import: 'default' }),
);

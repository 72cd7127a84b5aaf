import { mergeCatalogs } from './merge';

/** Every message of the web in Portuguese (Brazil), compiled at build time (ADR 055). */
export default mergeCatalogs(
  import.meta.glob('../../**/messages/pt-BR.json', { eager: true, import: 'default' }),
);

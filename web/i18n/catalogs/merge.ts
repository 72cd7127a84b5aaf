import type { Messages } from '@lingui/core';

/**
 * One language's catalogs, one per part of the web, as one. Ids are unique across parts (the
 * catalog check in web/i18n/catalogs.test.ts holds them so): a duplicate would silently take one.
 */
export function mergeCatalogs(parts: Record<string, unknown>): Messages {
  return Object.assign({}, ...Object.values(parts)) as Messages;
}

import { t } from '@web/i18n/i18n';

/** Spec section 8: a group, its members or its requests that fail to load, in the member's language. */
export function loadFailure(message: string): string {
  return t('groups.page.loadFailure', { message });
}

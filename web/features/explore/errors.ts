import { t } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';

/**
 * A failed published call's message ('Rate limited. Please try again in 30 seconds.' …), else
 * `fallback`, by default 'An error occurred while loading published posts' in the member's language.
 */
export function publishedErrorText(error: unknown, fallback: string = t('explore.timeline.error')): string {
  return errorMessage(error) || fallback;
}

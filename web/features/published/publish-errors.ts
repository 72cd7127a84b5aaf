import { t } from '@web/i18n/i18n';
import { errorMessage, serverErrorText } from '@web/lib/api-errors';

/**
 * Spec section 8: a failed publish shows the server's message, else the error's own message (field
 * errors read "slug has already been taken"), else 'Failed to publish post'.
 */
export function publishErrorMessage(error: unknown): string {
  const server = serverErrorText(error);
  if (server) return server;
  if (error instanceof Error && error.message) return errorMessage(error);
  return t('published.dialog.failed');
}

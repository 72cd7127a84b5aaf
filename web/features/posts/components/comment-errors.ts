import { fieldErrorsOf, serverErrorText } from '@web/lib/api-errors';
import { t } from '@web/i18n/i18n';

/** The message of a failed comment: the server's, else its field errors, else the default. */
export function commentErrorText(error: unknown): string {
  const server = serverErrorText(error);
  if (server) return server;
  const fields = Object.values(fieldErrorsOf(error)).flat();
  return fields.length > 0 ? fields.join(', ') : t('posts.comments.failed');
}

/** The message of a failed delete: the server's, else the error's, else 'Failed to delete comment'. */
export function commentDeleteErrorText(error: unknown): string {
  return (
    serverErrorText(error) ??
    (error instanceof Error && error.message ? error.message : t('posts.comments.deleteFailed'))
  );
}

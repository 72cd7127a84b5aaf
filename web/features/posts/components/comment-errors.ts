import { fieldErrorsOf, serverErrorText } from '@web/lib/api-errors';
import { POST_TEXT } from '../messages';

/** The message of a failed comment: the server's, else its field errors, else the default. */
export function commentErrorText(error: unknown): string {
  const server = serverErrorText(error);
  if (server) return server;
  const fields = Object.values(fieldErrorsOf(error)).flat();
  return fields.length > 0 ? fields.join(', ') : POST_TEXT.commentFailed;
}

/** The message of a failed delete: the server's, else the error's, else 'Failed to delete comment'. */
export function commentDeleteErrorText(error: unknown): string {
  return (
    serverErrorText(error) ??
    (error instanceof Error && error.message ? error.message : POST_TEXT.commentDeleteFailed)
  );
}

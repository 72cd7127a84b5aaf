import { fieldErrorsOf, serverErrorText } from '@web/lib/api-errors';
import { POST_TEXT } from '../messages';

/** The message of a failed comment: the server's, else its field errors, else the default. */
export function commentErrorText(error: unknown): string {
  const server = serverErrorText(error);
  if (server) return server;
  const fields = Object.values(fieldErrorsOf(error)).flat();
  return fields.length > 0 ? fields.join(', ') : POST_TEXT.commentFailed;
}

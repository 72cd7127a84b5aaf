import { t } from '@web/i18n/i18n';
import { ApiError, browserOffline } from './api-errors';
import { isServerUnreachable } from './server-reachability';

/**
 * One way for a failed action (a like, a delete, a follow, a refresh …) to tell the member, so no
 * failure is silent. A `useMutation` says what failed in its meta, `meta: actionFailure("Couldn't
 * follow Maria.")`; code that calls the API itself (the optimistic likes) calls
 * {@link reportActionFailure}. The app's action toast (web/app/resilience/action-error-toast.tsx)
 * shows the message.
 */

/** The meta of a mutation whose failure the action toast announces. */
export function actionFailure(failure: string): { failure: string } {
  return { failure };
}

/** The failure a mutation's meta names, if any. */
export function failureOf(meta: Record<string, unknown> | undefined): string | null {
  const failure = meta?.failure;
  return typeof failure === 'string' && failure !== '' ? failure : null;
}

/**
 * "Couldn't like the post." plus what to do: check the connection when the browser is offline, or
 * wait when it is online and the server did not answer (the member's connection is fine); the
 * server's own message when it refused (e.g. "Post not found."); else try again.
 */
export function actionFailureMessage(failure: string, error: unknown): string {
  return t('lib.actionErrors.failureWithHint', { failure, hint: hintFor(error) });
}

function hintFor(error: unknown): string {
  if (isServerUnreachable(error)) {
    return t(browserOffline() ? 'lib.actionErrors.connectionHint' : 'lib.actionErrors.serverHint');
  }
  if (
    error instanceof ApiError &&
    error.kind === 'http' &&
    error.status !== undefined &&
    error.status < 500
  ) {
    return error.message;
  }
  return t('lib.actionErrors.tryAgainHint');
}

type Listener = (message: string) => void;
const listeners = new Set<Listener>();

export function onActionFailure(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tells the member that an action failed (and logs the error). */
export function reportActionFailure(failure: string, error: unknown): void {
  console.error(failure, error);
  const message = actionFailureMessage(failure, error);
  for (const listener of [...listeners]) listener(message);
}

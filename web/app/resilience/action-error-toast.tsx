import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Toast } from '@web/components/toast';
import { actionFailureMessage, failureOf, onActionFailure } from '@web/lib/action-errors';
import { useTimedMessage } from '@web/lib/use-timed-message';

/**
 * Says when an action failed, on every screen: a mutation whose meta names its failure
 * (`meta: actionFailure(…)`) or a call to `reportActionFailure` (web/lib/action-errors.ts).
 */
export function ActionErrorToast() {
  const queryClient = useQueryClient();
  const { message, show } = useTimedMessage();

  useEffect(() => onActionFailure(show), [show]);

  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        const failure = failureOf(event.mutation.meta);
        if (failure) show(actionFailureMessage(failure, event.action.error));
      }),
    [queryClient, show],
  );

  return <Toast message={message} variant="error" />;
}

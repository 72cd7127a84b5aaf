import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { Toast, type ToastAction } from '@web/components/toast';
import { useTimedMessage } from '@web/lib/use-timed-message';

/**
 * Toasts raised by post cards ("Link copied", "Post hidden" …). They live above the list, because
 * an ignored card leaves the list at once and would take its own toast with it.
 */
export interface PostNotices {
  /** `action`: a button in the toast, e.g. Undo after Ignore. */
  notify: (message: string, variant?: 'success' | 'error', action?: ToastAction) => void;
}

const PostNoticesContext = createContext<PostNotices | null>(null);

export function PostNoticesProvider({ children }: { children: ReactNode }) {
  const success = useTimedMessage();
  const failure = useTimedMessage();
  const { show: showSuccess, clear: clearSuccess } = success;
  const { show: showFailure, clear: clearFailure } = failure;
  const [action, setAction] = useState<ToastAction | null>(null);
  const value = useMemo<PostNotices>(
    () => ({
      notify: (message, variant = 'success', nextAction) => {
        if (variant === 'error') {
          clearSuccess();
          showFailure(message);
        } else {
          clearFailure();
          setAction(
            nextAction
              ? { label: nextAction.label, onClick: () => (clearSuccess(), nextAction.onClick()) }
              : null,
          );
          showSuccess(message);
        }
      },
    }),
    [showSuccess, clearSuccess, showFailure, clearFailure],
  );
  return (
    <PostNoticesContext.Provider value={value}>
      {children}
      <Toast message={success.message} action={action} />
      <Toast message={failure.message} variant="error" />
    </PostNoticesContext.Provider>
  );
}

/** The nearest provider's notices; null outside one (a card then brings its own provider). */
export function usePostNotices(): PostNotices | null {
  return useContext(PostNoticesContext);
}

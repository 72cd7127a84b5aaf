import { useEffect } from 'react';

/**
 * While `active` (a submit on its way to the server), closing or reloading the tab asks first: the
 * draft is already cleared or about to be, and leaving could lose what is being sent.
 */
export function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

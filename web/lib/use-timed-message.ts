import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec section 9: toasts clear after 3 seconds. */
export const TOAST_DURATION_MS = 3000;

/** A message that clears itself after `durationMs`; showing a new one restarts the clock. */
export function useTimedMessage(durationMs: number = TOAST_DURATION_MS) {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      setMessage(text);
      timer.current = setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show, clear };
}

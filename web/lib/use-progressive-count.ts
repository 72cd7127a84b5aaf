import { startTransition, useEffect, useState } from 'react';

/**
 * How many items of a list to draw: the first `first` at once, and the rest in a transition once
 * there are more. React draws a transition in slices and lets the browser answer input between
 * them, so a page of cards no longer holds a slow phone's main thread in one long task; what is in
 * view is drawn first. Later changes draw the whole list at once.
 */
export function useProgressiveCount(total: number, first: number): number {
  const [all, setAll] = useState(false);
  const more = total > first;
  useEffect(() => {
    if (more && !all) startTransition(() => setAll(true));
  }, [more, all]);
  return all ? total : Math.min(total, first);
}

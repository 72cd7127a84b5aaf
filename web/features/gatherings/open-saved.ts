import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

/**
 * What the event form and the date poll form do once the server has saved the gathering: its page
 * shows the answer at once (no second request), its lists and the timelines its card is in load
 * again, and its page opens.
 */
export function useOpenSaved<Saved extends { id: string }>(
  keys: { all: QueryKey; detail: (id: string) => QueryKey },
  pathOf: (id: string) => string,
): (saved: Saved) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (saved) => {
    queryClient.setQueryData(keys.detail(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: keys.all });
    void queryClient.invalidateQueries({ queryKey: ['posts'] });
    navigate(pathOf(saved.id));
  };
}

import type { MeCounts } from '@shared/api/me-counts';
import { afterFirstScreen } from '@web/lib/after-first-screen';
import { api } from '@web/lib/api-client';

let shared: Promise<MeCounts> | null = null;

/**
 * GET /api/me/counts: every badge of the frame in one request. The badges keep their own query
 * keys (so a mark-read, a live event or a review refreshes just what it changed), and the ones that
 * ask in the same moment (the frame's first render, the tab regaining focus) share one request.
 * Only callers of the same tick share it: a later refresh, after a change, always asks again.
 */
export function fetchMeCounts(): Promise<MeCounts> {
  if (!shared) {
    shared = afterFirstScreen()
      .then(() => api.get<MeCounts>('/me/counts'))
      .then((response) => response.data);
    setTimeout(() => {
      shared = null;
    }, 0);
  }
  return shared;
}

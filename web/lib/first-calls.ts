/**
 * The calls web/public/first-calls.js starts in the page's head, before the app's code has arrived
 * (ADR 062): the session check and the first screen's data of a member's timeline or post page. The
 * API client takes such an answer instead of asking again, once; one older than FIRST_CALLS_KEEP_MS
 * is not taken (the member may have gone elsewhere, and the answer would be stale).
 */
export const FIRST_CALLS_KEEP_MS = 10_000;

interface FirstCalls {
  /** When the head started them (Date.now()). */
  at: number;
  /** By URL, as the API client writes it (`/api/posts/{id}`). */
  calls: Record<string, Promise<Response> | undefined>;
}

declare global {
  interface Window {
    __hearthFirstCalls?: FirstCalls;
  }
}

/** The answer the page's head started for a GET of `url`, the first time it is asked for; else null. */
export function takeFirstCall(url: string, now: number = Date.now()): Promise<Response> | null {
  const started = typeof window === 'undefined' ? undefined : window.__hearthFirstCalls;
  const call = started?.calls[url];
  if (!started || !call) return null;
  delete started.calls[url];
  return now - started.at <= FIRST_CALLS_KEEP_MS ? call : null;
}

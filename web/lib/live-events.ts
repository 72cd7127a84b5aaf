import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { LIVE_EVENT_TYPES, type LiveEvent } from '../../shared/api/live-events';
import { afterFirstScreen, firstScreenPending } from './after-first-screen';

/**
 * Live updates (GET /api/events, Server-Sent Events). One EventSource per tab, opened while at
 * least one screen listens and closed when the last one stops. Events are hints to refetch, never
 * data: a screen that hears one invalidates its queries. The browser reconnects on its own after a
 * dropped connection (the server asks for 3 s), and the server ends each stream after a while so
 * the session is checked again.
 */

export type { LiveEvent };

type Listener = (event: LiveEvent) => void;

export const LIVE_EVENTS_URL = '/api/events';

const listeners = new Set<Listener>();
/** Told when the stream (re)opens, with when: what happened while there was none was not heard. */
const openListeners = new Set<(openedAt: number) => void>();
let source: EventSource | null = null;

function isLiveEvent(value: unknown): value is LiveEvent {
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return typeof type === 'string' && LIVE_EVENT_TYPES.has(type);
}

let opening = false;

/** Opens the stream, once the page's first screen has drawn (./after-first-screen.ts). */
function open() {
  if (source || opening || typeof EventSource === 'undefined') return;
  if (!firstScreenPending()) {
    connect();
    return;
  }
  opening = true;
  void afterFirstScreen().then(() => {
    opening = false;
    if (listeners.size > 0) connect();
  });
}

function connect() {
  if (source) return;
  source = new EventSource(LIVE_EVENTS_URL, { withCredentials: true });
  source.onopen = () => {
    const openedAt = Date.now();
    for (const listener of [...openListeners]) listener(openedAt);
  };
  source.onmessage = (message: MessageEvent<string>) => {
    let event: unknown;
    try {
      event = JSON.parse(message.data);
    } catch {
      return;
    }
    if (!isLiveEvent(event)) return;
    for (const listener of [...listeners]) listener(event);
  };
  // A refused stream (401 after the session ended) is not retried by the browser: forget it, so the
  // next screen that listens asks again.
  source.onerror = () => {
    if (source?.readyState === EventSource.CLOSED) source = null;
  };
}

function close() {
  source?.close();
  source = null;
}

/**
 * After the server was away: opens the stream afresh if anyone listens. A stream the server ended
 * or a proxy refused (502) is closed for good, and one the browser is still retrying waits up to
 * its retry interval; a fresh one hears events at once.
 */
export function reconnectLiveEvents(): void {
  if (listeners.size === 0) return;
  close();
  open();
}

/** Starts hearing live events; answers a function that stops. */
export function subscribeLiveEvents(listener: Listener): () => void {
  listeners.add(listener);
  open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) close();
  };
}

/** Calls `onEvent` for every live event while the component is mounted (the latest `onEvent`). */
export function useLiveEvents(onEvent: Listener, enabled = true): void {
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => {
    if (!enabled) return;
    return subscribeLiveEvents((event) => latest.current(event));
  }, [enabled]);
}

/**
 * Events sent while this tab had no stream (before it first opened, which waits for the first
 * screen, or between a dropped stream and its reconnection) never arrive: whenever the stream opens,
 * the queries under `keys` holding data from before it are fetched again. `keys` must keep its
 * identity across renders (a module constant, or memoised).
 */
export function useLiveCatchUp(keys: readonly QueryKey[], enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const catchUp = (openedAt: number) => {
      for (const queryKey of keys) {
        void queryClient.invalidateQueries({
          queryKey,
          predicate: (query) => query.state.dataUpdatedAt < openedAt,
        });
      }
    };
    openListeners.add(catchUp);
    return () => {
      openListeners.delete(catchUp);
    };
  }, [queryClient, keys, enabled]);
}

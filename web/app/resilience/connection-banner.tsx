import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CloudOff, Wifi } from 'lucide-react';
import { useT } from '@web/i18n/i18n';
import { reconnectLiveEvents } from '@web/lib/live-events';
import { browserOffline } from '@web/lib/api-errors';
import {
  onServerTrouble,
  probeDelay,
  probeHealth,
  PROBE_DELAYS_MS,
  reportServerBack,
} from '@web/lib/server-reachability';

/**
 * The browser offline is the member's connection; online with no answer is Hearth's server, and
 * saying "check your connection" then would send them looking in the wrong place (ADR 040).
 */
export const CONNECTION_TEXT = {
  offline: 'app.connection.offline',
  serverAway: 'app.connection.serverAway',
  tryNow: 'app.connection.tryNow',
  back: 'app.connection.back',
} as const;

/** How long "Back online" stays up. */
export const BACK_ONLINE_MS = 3000;

/**
 * `online`: nothing to say. `checking`: a call failed and the health check runs (no banner yet, so a
 * single hiccup says nothing). `away`: the server cannot be reached; health checks go on with
 * backoff. `back`: it answered again; "Back online" shows briefly.
 */
export type Reachability = 'online' | 'checking' | 'away' | 'back';

export interface ReachabilityOptions {
  /** Waits between health checks while away (tests shorten them). */
  delays?: readonly number[];
  probe?: () => Promise<boolean>;
  backOnlineMs?: number;
}

/**
 * Follows whether the server can be reached: calls that failed without an answer (reported by the
 * API client) and the browser going offline make it check GET /api/health, and keep checking with
 * backoff while it fails. When the server answers again every cached query is marked stale (the
 * ones on screen refetch at once) and the live event stream is opened afresh.
 */
export function useServerReachability({
  delays = PROBE_DELAYS_MS,
  probe = probeHealth,
  backOnlineMs = BACK_ONLINE_MS,
}: ReachabilityOptions = {}) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<Reachability>(() => (browserOffline() ? 'away' : 'online'));
  // Whether the browser itself says it is offline (else the server is what is not answering).
  const [offline, setOffline] = useState(browserOffline);
  const checkNow = useRef<() => void>(() => {});

  useEffect(() => {
    let disposed = false;
    let phase: Reachability = browserOffline() ? 'away' : 'online';
    let attempt = 0;
    let probing = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const enter = (next: Reachability) => {
      phase = next;
      setState(next);
      setOffline(browserOffline());
    };

    const recovered = () => {
      void queryClient.invalidateQueries();
      reconnectLiveEvents();
      reportServerBack();
    };

    async function check() {
      if (probing) return;
      probing = true;
      clearTimeout(timer);
      if (phase === 'online' || phase === 'back') enter('checking');
      const ok = await probe();
      probing = false;
      if (disposed) return;
      if (ok) {
        const wasAway = phase === 'away';
        attempt = 0;
        if (!wasAway) {
          enter('online');
          return;
        }
        enter('back');
        recovered();
        timer = setTimeout(() => enter('online'), backOnlineMs);
        return;
      }
      enter('away');
      timer = setTimeout(() => void check(), probeDelay(attempt++, delays));
    }
    checkNow.current = () => {
      attempt = 0;
      void check();
    };

    const stopHearing = onServerTrouble(() => {
      // While away the checks already run on their own clock.
      if (phase !== 'away') void check();
    });
    const goneOffline = () => {
      clearTimeout(timer);
      enter('away');
      timer = setTimeout(() => void check(), probeDelay(0, delays));
    };
    const backOnline = () => checkNow.current();
    window.addEventListener('offline', goneOffline);
    window.addEventListener('online', backOnline);
    if (phase === 'away') timer = setTimeout(() => void check(), probeDelay(0, delays));

    return () => {
      disposed = true;
      clearTimeout(timer);
      stopHearing();
      window.removeEventListener('offline', goneOffline);
      window.removeEventListener('online', backOnline);
    };
  }, [queryClient, probe, delays, backOnlineMs]);

  const retryNow = useCallback(() => checkNow.current(), []);
  return { state, offline, retryNow };
}

/**
 * The notice that Hearth cannot be reached, above every screen, with a Try now button: "You appear
 * to be offline…" while the browser has no network, "Hearth isn't answering. Trying again…" while
 * it has and the server does not answer; then "Back online" for a moment. The
 * live region stays mounted so both are announced (politely).
 */
export function ConnectionBanner(options: ReachabilityOptions) {
  const t = useT();
  const { state, offline, retryNow } = useServerReachability(options);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-3 z-[60] flex justify-center px-4 sm:top-4"
    >
      {state === 'away' ? (
        <div className="pointer-events-auto flex max-w-md items-center gap-2.5 rounded-xl bg-stone-900 py-2 ps-4 pe-2 text-sm font-medium text-white shadow-lg shadow-stone-900/20">
          <CloudOff className="size-4 shrink-0 text-amber-300" aria-hidden="true" />
          <span>{t(offline ? CONNECTION_TEXT.offline : CONNECTION_TEXT.serverAway)}</span>
          <button
            type="button"
            onClick={retryNow}
            className="rounded-md px-2 py-1 font-semibold text-amber-200 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
          >
            {t(CONNECTION_TEXT.tryNow)}
          </button>
        </div>
      ) : null}
      {state === 'back' ? (
        <div className="flex max-w-md items-center gap-2.5 rounded-xl bg-stone-900 px-4 py-2.5 text-sm font-medium text-white shadow-lg shadow-stone-900/20">
          <Wifi className="size-4 shrink-0 text-emerald-400" aria-hidden="true" />
          <span>{t(CONNECTION_TEXT.back)}</span>
        </div>
      ) : null}
    </div>
  );
}

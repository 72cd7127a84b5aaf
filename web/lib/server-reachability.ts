import { ApiError, GATEWAY_STATUSES } from './api-errors';

export { GATEWAY_STATUSES };

/**
 * Whether Hearth's server can be reached. The API client reports calls that got no answer (a
 * network failure or a timeout) and answers a proxy gives when the server behind it is down (502,
 * 503, 504); the app's connection banner (web/app/resilience/connection-banner.tsx) listens, asks
 * GET /api/health to tell a passing hiccup from an outage, and keeps asking with backoff until the
 * server answers again.
 */

/** True for a failure that says the server was not reached, not that it refused the request. */
export function isServerUnreachable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.status !== undefined && GATEWAY_STATUSES.has(error.status);
}

type TroubleListener = () => void;
const listeners = new Set<TroubleListener>();

/** Hears every call that did not reach the server; answers a function that stops hearing. */
export function onServerTrouble(listener: TroubleListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Called by the API client when a call did not reach the server. */
export function reportServerTrouble(): void {
  for (const listener of [...listeners]) listener();
}

const backListeners = new Set<() => void>();

/** Hears the server answer again after it was away; answers a function that stops hearing. */
export function onServerBack(listener: () => void): () => void {
  backListeners.add(listener);
  return () => {
    backListeners.delete(listener);
  };
}

/** Called by the connection banner when the server answers again after it was away. */
export function reportServerBack(): void {
  for (const listener of [...backListeners]) listener();
}

export const HEALTH_URL = '/api/health';

/** Waits between health checks while the server is away: quick at first, then every 30 s at most. */
export const PROBE_DELAYS_MS: readonly number[] = [1000, 2000, 4000, 8000, 15_000, 30_000];

/** The delay before health check number `attempt` (0 for the first retry). */
export function probeDelay(attempt: number, delays: readonly number[] = PROBE_DELAYS_MS): number {
  return delays[Math.min(attempt, delays.length - 1)] ?? 30_000;
}

/** One health check: true when the server answers 2xx within `timeoutMs`. Never rejects. */
export async function probeHealth(timeoutMs = 10_000): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(HEALTH_URL, {
      cache: 'no-store',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    });
    return response.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

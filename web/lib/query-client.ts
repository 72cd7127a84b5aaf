import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-errors';

/** Spec section 9: data stays fresh for 5 minutes unless a screen says otherwise. */
export const DEFAULT_STALE_TIME_MS = 5 * 60_000;

export interface RetryRule {
  /** Attempts after the first failure. */
  max: number;
  /** Statuses never retried (e.g. 429 on published calls, 404 for a single post). */
  never?: readonly number[];
}

/**
 * A TanStack `retry` function: network failures and server errors are retried up to `max` times;
 * client errors (4xx) never are, because asking again gives the same answer.
 */
export function retryRule({ max, never = [] }: RetryRule) {
  return (failureCount: number, error: unknown): boolean => {
    if (failureCount >= max) return false;
    if (error instanceof ApiError && error.status !== undefined) {
      if (never.includes(error.status)) return false;
      if (error.status >= 400 && error.status < 500) return false;
    }
    return true;
  };
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: DEFAULT_STALE_TIME_MS, retry: retryRule({ max: 2 }) },
      // Actions run even when the browser says it is offline, so they fail and say so (web/lib/action-errors.ts)
      // instead of waiting silently; queries wait, and refetch when the connection is back.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

import { DURATIONS } from '@shared/domain/constants';
import { MESSAGES } from '@shared/domain/messages';
import { ApiError, httpError, noResponseError } from './api-errors';
import { isPublicPath, rememberRedirectAfterLogin, SIGN_IN_PATH } from './auth-paths';
import { takeFirstCall } from './first-calls';
import { GATEWAY_STATUSES, reportServerTrouble } from './server-reachability';

/**
 * The API client of spec section 7. Every call: base path /api, cookies included, JSON in and out,
 * the `X-Requested-With: XMLHttpRequest` marker the server requires on writes, a 30 s timeout.
 * Failing responses throw an {@link ApiError} whose message is already the catalogue message.
 * Calls that do not reach the server (no answer, or a proxy's 502/503/504) are also reported to
 * ./server-reachability.ts, which drives the connection banner.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: HttpMethod;
  /** Plain objects and arrays are sent as JSON; FormData, Blob and other bodies are sent as they are. */
  body?: unknown;
  /** Appended to the URL; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** Cancels the call (TanStack Query passes one); a cancelled call rejects with the AbortError. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Set to false where a 401 is an answer the screen shows (the sign-in form, the session check):
   * the error is then thrown as it is, with no redirect to /signin.
   */
  redirectOnUnauthorized?: boolean;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  /** Response headers, e.g. x-next-cursor and x-has-next-page of cursor-paged lists. */
  headers: Headers;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<ApiResponse<T>>;
  post<T>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<ApiResponse<T>>;
  put<T>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<ApiResponse<T>>;
  patch<T>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<ApiResponse<T>>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'method'>): Promise<ApiResponse<T>>;
}

export interface ApiClientConfig {
  baseUrl?: string;
  timeoutMs?: number;
  /** Builds the error for a failing response; return undefined to use the catalogue's. */
  toError?: (status: number, data: unknown, headers: Headers) => ApiError | undefined;
  /** The browser HTTP cache mode of every call (fetch's `cache`); the browser's default when absent. */
  cache?: RequestCache;
}

export const API_BASE = '/api';

/** `/posts` → `/api/posts`; `/api/posts` and absolute URLs stay as they are. */
export function resolveApiUrl(path: string, baseUrl: string = API_BASE): string {
  if (/^https?:\/\//i.test(path)) return path;
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  const rest = withSlash.slice(baseUrl.length);
  if (withSlash.startsWith(baseUrl) && (rest === '' || /^[/?#]/.test(rest))) return withSlash;
  return `${baseUrl}${withSlash}`;
}

function withQuery(url: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const text = params.toString();
  if (!text) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Headers and body of a request, with the content-type rules of section 7. */
export function buildRequest(
  method: HttpMethod,
  body: unknown,
  extraHeaders: Record<string, string> = {},
): { headers: Headers; body: BodyInit | undefined } {
  const headers = new Headers({
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  });
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);

  if (body === undefined || body === null) return { headers, body: undefined };
  if (body instanceof FormData) {
    // The browser writes the multipart boundary itself.
    headers.delete('Content-Type');
    return { headers, body };
  }
  if (isPlainObject(body)) return { headers, body: JSON.stringify(body) };
  if (method === 'PUT') {
    // A file sent to an upload URL: its own type, not JSON.
    headers.delete('Content-Type');
    return { headers, body: body as BodyInit };
  }
  if (typeof body === 'string') return { headers, body };
  return { headers, body: body as BodyInit };
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return null;
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') || /^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** A 401, or any response carrying the server's "sign in first" message. */
export function isUnauthenticatedResponse(status: number, data: unknown): boolean {
  if (status === 401) return true;
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { error?: unknown }).error === MESSAGES.unauthenticated
  );
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * Called after a 401 on a protected page, once the page has been remembered; the auth provider
 * registers one that clears the session and navigates to /signin inside the router. Returns the
 * function that removes it.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

function handleUnauthorized() {
  rememberRedirectAfterLogin(window.location);
  if (unauthorizedHandler) unauthorizedHandler();
  else window.location.assign(SIGN_IN_PATH);
}

/** `call`, or its rejection with the signal's reason once `signal` aborts (a call started elsewhere cannot be). */
function untilAborted<T>(call: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    call.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

export function createApiClient(config: ApiClientConfig = {}): ApiClient {
  const baseUrl = config.baseUrl ?? API_BASE;
  const defaultTimeout = config.timeoutMs ?? DURATIONS.requestTimeoutMs;

  async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const method = options.method ?? 'GET';
    const url = withQuery(resolveApiUrl(path, baseUrl), options.query);
    const { headers, body } = buildRequest(method, options.body, options.headers);
    const timeoutMs = options.timeoutMs ?? defaultTimeout;

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const callerSignal = options.signal;
    const forwardAbort = () => controller.abort(callerSignal?.reason);
    if (callerSignal?.aborted) forwardAbort();
    else callerSignal?.addEventListener('abort', forwardAbort, { once: true });

    try {
      let response: Response;
      let data: unknown;
      try {
        // The page's head may have started this very call already (./first-calls.ts).
        const started = method === 'GET' && !config.cache ? takeFirstCall(url) : null;
        response = await (started
          ? untilAborted(started, controller.signal)
          : fetch(url, {
              method,
              headers,
              body,
              credentials: 'include',
              signal: controller.signal,
              ...(config.cache ? { cache: config.cache } : {}),
            }));
        data = await readBody(response);
      } catch (cause) {
        if (timedOut) {
          console.error(`Request timed out after ${timeoutMs} ms: ${method} ${url}`);
          reportServerTrouble();
          throw noResponseError('timeout', cause);
        }
        if (callerSignal?.aborted) throw cause;
        console.error(`Network error: ${method} ${url}`, cause);
        reportServerTrouble();
        throw noResponseError('network', cause);
      }

      if (GATEWAY_STATUSES.has(response.status)) reportServerTrouble();

      if (response.ok) return { data: data as T, status: response.status, headers: response.headers };

      if (options.redirectOnUnauthorized !== false && isUnauthenticatedResponse(response.status, data)) {
        // On public pages a visitor is expected to be signed out: the answer is simply empty.
        if (isPublicPath(window.location.pathname)) {
          return { data: null as T, status: response.status, headers: response.headers };
        }
        handleUnauthorized();
      }
      throw (
        config.toError?.(response.status, data, response.headers) ??
        httpError(response.status, data, response.headers)
      );
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', forwardAbort);
    }
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    patch: (path, body, options) => request(path, { ...options, method: 'PATCH', body }),
    delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
  };
}

/** Seconds to wait from a Retry-After header (seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(headers: Headers, now: number = Date.now()): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

export function rateLimitMessage(seconds: number): string {
  return `Rate limited. Please try again in ${seconds} seconds.`;
}

/** The client for signed-in and account calls. */
export const api = createApiClient();

/**
 * The client for published (public) calls: same base, timeout and headers; a 429 becomes
 * 'Rate limited. Please try again in {seconds} seconds.' (queries must not retry it).
 *
 * The server lets browsers and shared caches keep public answers (max-age=60,
 * stale-while-revalidate=300). The app keeps its own cache (TanStack Query: fresh 2 minutes,
 * spec section 9) and asks the server only when that is stale or the visitor refreshes, so when it
 * asks it wants the server's answer: `no-cache` makes the browser revalidate instead of replaying
 * a copy up to minutes old (a Refresh that shows nothing new, a post just published missing).
 */
export const publishedApi = createApiClient({
  cache: 'no-cache',
  toError(status, data, headers) {
    if (status !== 429) return undefined;
    const seconds = retryAfterSeconds(headers);
    if (seconds === undefined) return undefined;
    return new ApiError({ kind: 'http', status, data, headers, message: rateLimitMessage(seconds) });
  },
});

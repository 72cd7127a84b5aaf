import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import {
  api,
  createApiClient,
  publishedApi,
  resolveApiUrl,
  retryAfterSeconds,
  setUnauthorizedHandler,
} from './api-client';
import { ApiError } from './api-errors';
import { FIRST_CALLS_KEEP_MS } from './first-calls';

describe('resolveApiUrl', () => {
  it('prepends /api to paths given without it', () => {
    expect(resolveApiUrl('/posts')).toBe('/api/posts');
    expect(resolveApiUrl('posts/1')).toBe('/api/posts/1');
    expect(resolveApiUrl('/users/confirmation')).toBe('/api/users/confirmation');
  });
  it('keeps paths already under /api, and absolute URLs', () => {
    expect(resolveApiUrl('/api/posts')).toBe('/api/posts');
    expect(resolveApiUrl('/api')).toBe('/api');
    expect(resolveApiUrl('/apiary')).toBe('/api/apiary');
    expect(resolveApiUrl('https://files.example.com/upload?sig=1')).toBe(
      'https://files.example.com/upload?sig=1',
    );
  });
});

describe('requests', () => {
  it('sends cookies, JSON headers and the XHR marker, and returns data, status and headers', async () => {
    const { calls } = mockFetch({
      'GET /api/posts': jsonResponse([{ id: 1 }], {
        headers: { 'x-next-cursor': 'c2', 'x-has-next-page': 'true' },
      }),
    });
    const response = await api.get<{ id: number }[]>('/posts', {
      query: { after: 'c1', group_id: undefined },
    });
    expect(response.data).toEqual([{ id: 1 }]);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-next-cursor')).toBe('c2');
    expect(response.headers.get('x-has-next-page')).toBe('true');
    const [call] = calls;
    expect(call!.url).toBe('/api/posts?after=c1');
    expect(call!.init.credentials).toBe('include');
    expect(call!.headers.get('Content-Type')).toBe('application/json');
    expect(call!.headers.get('Accept')).toBe('application/json');
    expect(call!.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('sends plain objects as JSON on writes', async () => {
    const { calls } = mockFetch({ 'POST /api/feedbacks': jsonResponse({ id: 1 }, { status: 201 }) });
    await api.post('/feedbacks', { feedback: { content: 'Hi' } });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.init.body).toBe('{"feedback":{"content":"Hi"}}');
    expect(calls[0]!.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('leaves the content type out for FormData bodies', async () => {
    const { calls } = mockFetch({ 'POST /api/file_requests': jsonResponse({ id: 1 }) });
    const form = new FormData();
    form.append('name', 'a.png');
    await api.post('/file_requests', form);
    expect(calls[0]!.init.body).toBe(form);
    expect(calls[0]!.headers.has('Content-Type')).toBe(false);
    expect(calls[0]!.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('leaves the content type out for PUT with a non-object body (a file), but keeps it for PUT with an object', async () => {
    const { calls } = mockFetch({
      'PUT /api/uploads/abc': new Response(null, { status: 204 }),
      'PUT /api/things/1': jsonResponse({ ok: true }),
    });
    const file = new Blob(['hello'], { type: 'text/plain' });
    const uploaded = await api.put('/api/uploads/abc', file);
    expect(uploaded.data).toBeNull();
    expect(calls[0]!.init.body).toBe(file);
    expect(calls[0]!.headers.has('Content-Type')).toBe(false);

    await api.put('/things/1', { thing: { name: 'x' } });
    expect(calls[1]!.headers.get('Content-Type')).toBe('application/json');
    expect(calls[1]!.init.body).toBe('{"thing":{"name":"x"}}');
  });

  it('reads text bodies and empty bodies', async () => {
    mockFetch({
      'GET /api/text': new Response('plain words', { headers: { 'content-type': 'text/plain' } }),
      'DELETE /api/users/sign_out': new Response(null, { status: 204 }),
    });
    expect((await api.get('/text')).data).toBe('plain words');
    expect((await api.delete('/users/sign_out')).data).toBeNull();
  });
});

describe('failures', () => {
  it('throws an ApiError with the catalogue message, status, data and field errors', async () => {
    mockFetch({
      'POST /api/users': jsonResponse({ errors: { email: ['has already been taken'] } }, { status: 422 }),
    });
    const error = await api.post('/users', { user: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'http',
      status: 422,
      message: 'email has already been taken',
      fieldErrors: { email: ['has already been taken'] },
    });
  });

  it("a network failure says Hearth isn't answering while online, and the spec's network message offline (logged)", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await api.get('/posts').catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'network',
      message: "Hearth isn't answering right now. Please try again in a moment.",
    });
    expect(log).toHaveBeenCalled();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await api.get('/posts').catch((e: unknown) => e)).toMatchObject({
      kind: 'network',
      message: 'Network error. Please check your internet connection and try again.',
    });
    onLine.mockRestore();
  });

  it("a proxy's 502 or 504 says Hearth isn't answering, never its error page; 503 keeps the spec's text", async () => {
    const page = new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', {
      status: 502,
      headers: { 'content-type': 'text/html' },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => page),
    );
    expect(await api.get('/posts').catch((e: unknown) => e)).toMatchObject({
      status: 502,
      message: "Hearth isn't answering right now. Please try again in a moment.",
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('Service Unavailable', { status: 503 })),
    );
    expect(await api.get('/posts').catch((e: unknown) => e)).toMatchObject({
      status: 503,
      message: 'Service unavailable. Please try again later.',
    });
  });

  it('times out after 30 seconds', async () => {
    vi.useFakeTimers();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            signal = init.signal ?? undefined;
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const pending = api.get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    const error = await pending;
    expect(error).toMatchObject({
      kind: 'timeout',
      message: "Hearth isn't answering right now. Please try again in a moment.",
    });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('timed out after 30000 ms'));
  });

  it("passes a caller's cancellation through as the AbortError", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const controller = new AbortController();
    const pending = api.get('/posts', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
  });
});

describe('401 handling', () => {
  const handler = vi.fn();
  let remove: () => void;
  beforeEach(() => {
    remove = setUnauthorizedHandler(handler);
  });
  afterEach(() => {
    remove();
    handler.mockReset();
  });

  it('on a protected page: remembers pathname and search, calls the handler and throws', async () => {
    window.history.replaceState(null, '', '/groups/edit/7?tab=members');
    mockFetch({
      'GET /api/groups/7': jsonResponse(
        { error: 'You need to sign in or sign up before continuing.' },
        { status: 401 },
      ),
    });
    const error = await api.get('/groups/7').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401 });
    expect(window.localStorage.getItem('redirectAfterLogin')).toBe('/groups/edit/7?tab=members');
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("reacts to the server's sign-in message on another status too", async () => {
    window.history.replaceState(null, '', '/links');
    mockFetch({
      'GET /api/links': jsonResponse(
        { error: 'You need to sign in or sign up before continuing.' },
        { status: 403 },
      ),
    });
    await api.get('/links').catch(() => undefined);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('redirectAfterLogin')).toBe('/links');
  });

  it('on a public page: swallowed as empty data, no redirect', async () => {
    window.history.replaceState(null, '', '/explore/post/hello');
    mockFetch({ 'GET /api/groups': jsonResponse({ error: 'x' }, { status: 401 }) });
    const response = await api.get('/groups');
    expect(response.data).toBeNull();
    expect(response.status).toBe(401);
    expect(handler).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('redirectAfterLogin')).toBeNull();
  });

  it('calls that answer 401 themselves (sign-in) get the error, with no redirect', async () => {
    window.history.replaceState(null, '', '/dashboard');
    mockFetch({
      'POST /api/users/sign_in': jsonResponse({ error: 'Invalid email or password.' }, { status: 401 }),
    });
    const error = await api
      .post('/users/sign_in', { user: {} }, { redirectOnUnauthorized: false })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, message: 'Invalid email or password.' });
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('published client', () => {
  it("turns a 429 into 'Rate limited. Please try again in {seconds} seconds.'", async () => {
    mockFetch({
      'GET /api/published_posts': jsonResponse(
        { error: 'Too many requests' },
        { status: 429, headers: { 'Retry-After': '42' } },
      ),
    });
    const error = await publishedApi
      .get('/published_posts', { query: { limit: 1 } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, message: 'Rate limited. Please try again in 42 seconds.' });
  });

  it('shares base, headers and cookies with the main client', async () => {
    const { calls } = mockFetch({ 'GET /api/published_posts/5': jsonResponse({ id: 5 }) });
    await publishedApi.get('/published_posts/5');
    expect(calls[0]!.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(calls[0]!.init.credentials).toBe('include');
  });

  it("asks the server each time (the app's own cache decides freshness), unlike the main client", async () => {
    const { calls } = mockFetch({
      'GET /api/published_posts/5': jsonResponse({ id: 5 }),
      'GET /api/posts/5': jsonResponse({ id: 5 }),
    });
    await publishedApi.get('/published_posts/5');
    await api.get('/posts/5');
    expect(calls[0]!.init.cache).toBe('no-cache');
    expect(calls[1]!.init.cache).toBeUndefined();
  });

  it('the main client keeps the catalogue for 429', async () => {
    mockFetch({
      'GET /api/posts': jsonResponse(
        { error: 'Too many requests. Please try again later.' },
        { status: 429, headers: { 'Retry-After': '5' } },
      ),
    });
    expect(await api.get('/posts').catch((e: unknown) => e)).toMatchObject({
      message: 'Too many requests. Please try again later.',
    });
  });

  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds(new Headers({ 'Retry-After': '7' }), now)).toBe(7);
    expect(retryAfterSeconds(new Headers({ 'Retry-After': 'Thu, 01 Jan 2026 00:00:30 GMT' }), now)).toBe(30);
    expect(retryAfterSeconds(new Headers(), now)).toBeUndefined();
  });
});

describe('createApiClient', () => {
  it('takes its own timeout', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const client = createApiClient({ timeoutMs: 1000 });
    const pending = client.get('/x').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await pending).toMatchObject({ kind: 'timeout' });
  });
});

describe('calls the page head started (ADR 062)', () => {
  afterEach(() => {
    delete window.__hearthFirstCalls;
  });

  it('takes the started answer once instead of asking again, and asks the server the next time', async () => {
    const { calls } = mockFetch({ 'GET /api/posts/p1': jsonResponse({ id: 'p1', tldr: 'Asked again' }) });
    window.__hearthFirstCalls = {
      at: Date.now(),
      calls: { '/api/posts/p1': Promise.resolve(jsonResponse({ id: 'p1', tldr: 'Started early' })) },
    };
    expect((await api.get<{ tldr: string }>('/posts/p1')).data.tldr).toBe('Started early');
    expect(calls).toHaveLength(0);
    expect((await api.get<{ tldr: string }>('/posts/p1')).data.tldr).toBe('Asked again');
    expect(calls).toHaveLength(1);
  });

  it('leaves an answer started for another address, or too long ago, and never serves a write', async () => {
    const { calls } = mockFetch({
      'GET /api/posts': jsonResponse([]),
      'GET /api/auth': jsonResponse({ id: 'u1' }),
      'POST /api/posts/p1/like': jsonResponse({ liked: true }),
    });
    const early = () => Promise.resolve(jsonResponse({ stale: true }));
    window.__hearthFirstCalls = {
      at: Date.now(),
      calls: { '/api/posts?group_id=g1': early(), '/api/posts/p1/like': early() },
    };
    await api.get('/posts');
    await api.post('/posts/p1/like');
    window.__hearthFirstCalls = { at: Date.now() - FIRST_CALLS_KEEP_MS - 1, calls: { '/api/auth': early() } };
    expect((await api.get('/auth')).data).toEqual({ id: 'u1' });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/posts',
      'POST /api/posts/p1/like',
      'GET /api/auth',
    ]);
  });

  it('answers a failed early call as a call that reached no server, and stops waiting when cancelled', async () => {
    mockFetch({});
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    window.__hearthFirstCalls = {
      at: Date.now(),
      calls: {
        '/api/auth': Promise.reject(new TypeError('Failed to fetch')),
        '/api/posts': new Promise(() => {}),
      },
    };
    const failed = await api.get('/auth').catch((error: unknown) => error);
    expect(failed).toMatchObject({ kind: 'network' });
    expect(log).toHaveBeenCalled();
    const controller = new AbortController();
    const waiting = api.get('/posts', { signal: controller.signal });
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });
});

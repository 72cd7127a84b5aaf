import { vi } from 'vitest';

/** A JSON response as the server sends it. */
export function jsonResponse(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json; charset=utf-8', ...init.headers },
  });
}

export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  init: RequestInit;
}

type Route = (call: RecordedCall) => Response | Promise<Response> | undefined;

/**
 * Calls the signed-in shell makes on every screen (the Inbox badge), and the side panels of the
 * timeline, the Inbox and Settings (a welcome, invitations into groups, the Messages card), answered
 * when a test does not route them itself, so screens' tests need not mention them.
 */
const SHELL_DEFAULTS: Record<string, () => Response> = {
  'GET /api/notifications/unread_count': () => jsonResponse({ count: 0 }),
  // The connection banner's probe (web/lib/server-reachability.ts): the server is up.
  'GET /api/health': () => jsonResponse({ status: 'ok' }),
  // The timeline's welcome card (arrival-card.tsx): a member who arrived by no invitation.
  'GET /api/me/arrival': () => jsonResponse({ groups: [], inviter: null, suggestions: [] }),
  // The Inbox's invitations into groups (group-invitations-list.tsx): none open.
  'GET /api/group_invitations': () => jsonResponse([]),
  // Settings' Messages card (messaging-settings-card.tsx): the defaults of ADR 060.
  'GET /api/messaging_settings': () =>
    jsonResponse({ who_may_message: 'everyone_connected', share_read_marks: true }),
};

/** The calls no route answered, in the test now running (see failOnUnansweredRequests). */
let unansweredInThisTest: string[] = [];

/**
 * Fails the test that just ran if its screen made a call no route answered: the screen then drew
 * from a 501, so the test checked something other than what it says. web-setup.ts runs it after
 * every test.
 */
export function failOnUnansweredRequests() {
  const unanswered = unansweredInThisTest;
  unansweredInThisTest = [];
  if (unanswered.length > 0) {
    throw new Error(`Requests no route of mockFetch answered:\n  ${unanswered.join('\n  ')}`);
  }
}

/**
 * Replaces `fetch` with a router of `'METHOD /path'` → response (or a function of the call).
 * An unhandled call is answered 501 with the spec's error shape, listed in `unhandled`, and fails
 * the test when it ends: a server that says no, never a network failure (which would put the app
 * in its offline state and hide what the test is about).
 */
export function mockFetch(routes: Record<string, Response | Route | (() => Response)>) {
  const calls: RecordedCall[] = [];
  /** What one of the single-badge routes answers for this test (a default when it has none). */
  const badge = async <T>(key: string, call: RecordedCall, fallback: T): Promise<T> => {
    const route = routes[key] ?? SHELL_DEFAULTS[key];
    if (!route) return fallback;
    const response = typeof route === 'function' ? await route(call) : route.clone();
    return response && response.ok ? ((await response.json()) as T) : fallback;
  };
  /**
   * The frame's badges come in one call (GET /api/me/counts). Unless a test routes it itself, it
   * answers what the test's single-badge routes answer, as the server does (me-counts.api.test.ts).
   */
  const meCounts: Route = async (call) =>
    jsonResponse({
      unread_notifications: (await badge('GET /api/notifications/unread_count', call, { count: 0 })).count,
      pending_group_requests: (await badge('GET /api/group_requests/pending_count', call, { count: 0 }))
        .count,
      reports: await badge('GET /api/reports/summary', call, { can_review: false, open_count: 0 }),
      // Conversations (ADR 060) have no single-badge route: a test that needs them routes me/counts.
      unread_messages: 0,
      message_requests: 0,
    });
  const unhandled: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    const call: RecordedCall = { url, method, headers: new Headers(init.headers), body, init };
    calls.push(call);
    const path = url.split('?')[0];
    const route =
      routes[`${method} ${path}`] ??
      SHELL_DEFAULTS[`${method} ${path}`] ??
      (`${method} ${path}` === 'GET /api/me/counts' ? meCounts : undefined);
    if (!route) {
      unhandled.push(`${method} ${url}`);
      unansweredInThisTest.push(`${method} ${url}`);
      return jsonResponse({ error: `Unhandled request: ${method} ${url}` }, { status: 501 });
    }
    const response = typeof route === 'function' ? await route(call) : route.clone();
    if (!response) throw new Error(`No response for ${method} ${url}`);
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, unhandled };
}

/**
 * A response the test lets go when it chooses. `answer` works whether the app has asked yet or not:
 * a test that answers a call the app has not made under load would otherwise answer nobody and wait
 * for a screen that never comes. Every call to `route` waits for the same answer.
 */
export function heldResponse() {
  let answer: (response: Response) => void = () => {};
  const answered = new Promise<Response>((resolve) => (answer = resolve));
  return { route: () => answered.then((response) => response.clone()), answer };
}

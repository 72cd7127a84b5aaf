export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A minimal browser stand-in: keeps cookies, sends JSON with the XHR marker header the app
 * requires on writes, and parses JSON answers. Given the app's public origin, its writes also carry
 * what a browser on that origin sends: `Origin` and `Sec-Fetch-Site: same-origin` (tests override
 * either through `init.headers`).
 */
export class TestClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly origin?: string,
  ) {}

  get<T = any>(path: string, init?: RequestInit) {
    return this.request<T>('GET', path, undefined, init);
  }
  post<T = any>(path: string, body?: unknown, init?: RequestInit) {
    return this.request<T>('POST', path, body, init);
  }
  patch<T = any>(path: string, body?: unknown, init?: RequestInit) {
    return this.request<T>('PATCH', path, body, init);
  }
  put<T = any>(path: string, body?: unknown, init?: RequestInit) {
    return this.request<T>('PUT', path, body, init);
  }
  delete<T = any>(path: string, body?: unknown, init?: RequestInit) {
    return this.request<T>('DELETE', path, body, init);
  }

  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }
  cookie(name: string) {
    return this.cookies.get(name);
  }

  async request<T>(
    method: string,
    path: string,
    body?: unknown,
    init: RequestInit = {},
  ): Promise<TestResponse<T>> {
    const headers = new Headers(init.headers);
    if (!headers.has('x-requested-with')) headers.set('x-requested-with', 'XMLHttpRequest');
    headers.set('accept', 'application/json');
    if (this.origin && !SAFE_METHODS.has(method)) {
      if (!headers.has('origin')) headers.set('origin', this.origin);
      if (!headers.has('sec-fetch-site')) headers.set('sec-fetch-site', 'same-origin');
    }
    let payload: BodyInit | undefined;
    if (body !== undefined) {
      if (typeof body === 'string' || body instanceof Uint8Array || body instanceof Blob) {
        payload = body as BodyInit;
        // fetch would label a string text/plain, which JSON API routes refuse: strings here are JSON
        // unless the test says otherwise.
        if (typeof body === 'string' && !headers.has('content-type'))
          headers.set('content-type', 'application/json');
      } else {
        payload = JSON.stringify(body);
        headers.set('content-type', 'application/json');
      }
    }
    if (this.cookies.size > 0 && !headers.has('cookie')) {
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const response = await fetch(this.baseUrl + path, {
      ...init,
      method,
      headers,
      body: payload,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=thu, 01 jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    if (text && response.headers.get('content-type')?.includes('application/json')) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T };
  }
}

import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

/**
 * The service worker (web/public/sw.js) is plain JavaScript the browser runs as it is. It is run
 * here in a context that plays the worker's global scope, with a Cache Storage in memory.
 */
const SOURCE = fs.readFileSync(path.join(import.meta.dirname, '../../public/sw.js'), 'utf8');
const ORIGIN = 'https://hearth.example';

type Handler = (event: unknown) => void;

interface Worker {
  mayCache(request: Request, response: Response): boolean;
  isAppPage(pathname: string): boolean;
  handlers: Record<string, Handler>;
  stores: Map<string, Map<string, Response>>;
  fetch: ReturnType<typeof vi.fn>;
}

/** A response as the browser gives it to the worker: same-origin answers are of type "basic". */
function answer(body: string, headers: Record<string, string> = {}, status = 200): Response {
  const response = new Response(body, { status, headers });
  Object.defineProperty(response, 'type', { value: 'basic' });
  return response;
}

function loadWorker(source = SOURCE): Worker {
  const handlers: Record<string, Handler> = {};
  const stores = new Map<string, Map<string, Response>>();
  const keyOf = (request: Request | string) =>
    new URL(typeof request === 'string' ? request : request.url, ORIGIN).href;
  const caches = {
    async open(name: string) {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return {
        put: async (request: Request | string, response: Response) =>
          void store.set(keyOf(request), response),
        match: async (request: Request | string) => store.get(keyOf(request))?.clone(),
      };
    },
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  };
  const fetch = vi.fn<(request: Request) => Promise<Response>>();
  class WorkerRequest extends Request {
    constructor(input: string | Request, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, ORIGIN) : input, init);
    }
  }
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, handler: Handler) => (handlers[type] = handler),
    skipWaiting: async () => {},
    clients: { claim: async () => {} },
  };
  const context = vm.createContext({ self, caches, fetch, URL, Request: WorkerRequest, Response, Promise });
  vm.runInContext(`${source}\n;self.rules = { mayCache, isAppPage };`, context);
  const rules = (self as unknown as { rules: Pick<Worker, 'mayCache' | 'isAppPage'> }).rules;
  return { ...rules, handlers, stores, fetch };
}

const get = (url: string, init: RequestInit = {}) => new Request(new URL(url, ORIGIN), init);

/** Runs a fetch event; answers what the worker responded with, or null when it left it alone. */
async function dispatchFetch(worker: Worker, request: Request): Promise<Response | null> {
  let responded: Promise<Response> | null = null;
  worker.handlers.fetch!({ request, respondWith: (value: Promise<Response>) => (responded = value) });
  return responded ? await responded : null;
}

async function dispatch(worker: Worker, type: 'install' | 'activate') {
  let done: Promise<unknown> = Promise.resolve();
  worker.handlers[type]!({ waitUntil: (value: Promise<unknown>) => (done = value) });
  await done;
}

/** A navigation: Node's Request cannot be given mode "navigate", so the worker sees it as the browser would. */
function navigation(url: string): Request {
  const request = get(url);
  Object.defineProperty(request, 'mode', { value: 'navigate' });
  return request;
}

describe('what the service worker may cache', () => {
  const worker = loadWorker();

  it('the app shell: the page at / and hashed code under /assets/', () => {
    expect(worker.mayCache(get('/'), answer('<html>'))).toBe(true);
    expect(worker.mayCache(get('/assets/app-abc123.js'), answer('js'))).toBe(true);
    expect(
      worker.mayCache(get('/assets/app-abc123.css'), answer('css', { 'cache-control': 'public, max-age=0' })),
    ).toBe(true);
  });

  it('never member data, files or uploads', () => {
    for (const url of [
      '/api/posts',
      '/api/auth',
      '/api/health',
      '/files/abc/photo.jpg',
      '/uploads/x',
      '/api',
    ]) {
      expect(worker.mayCache(get(url), answer('{}')), url).toBe(false);
    }
  });

  it('never anything marked private or no-store, even on the shell', () => {
    expect(worker.mayCache(get('/'), answer('<html>', { 'cache-control': 'private, max-age=60' }))).toBe(
      false,
    );
    expect(worker.mayCache(get('/assets/a.js'), answer('js', { 'cache-control': 'no-store' }))).toBe(false);
    expect(worker.mayCache(get('/assets/a.js'), answer('js', { 'cache-control': 'max-age=0,private' }))).toBe(
      false,
    );
  });

  it('never other pages, other sites, other methods, queries, errors or opaque answers', () => {
    expect(worker.mayCache(get('/dashboard'), answer('<html>'))).toBe(false);
    expect(worker.mayCache(get('/explore/post/x'), answer('<html>'))).toBe(false);
    expect(worker.mayCache(get('https://elsewhere.example/assets/a.js'), answer('js'))).toBe(false);
    expect(worker.mayCache(get('/assets/a.js', { method: 'POST', body: 'x' }), answer('js'))).toBe(false);
    expect(worker.mayCache(get('/assets/a.js?v=2'), answer('js'))).toBe(false);
    expect(worker.mayCache(get('/assets/gone.js'), answer('', {}, 404))).toBe(false);
    const opaque = new Response('js');
    Object.defineProperty(opaque, 'type', { value: 'opaque' });
    expect(worker.mayCache(get('/assets/a.js'), opaque)).toBe(false);
  });

  it('tells app screens from files and the API for navigations', () => {
    expect(worker.isAppPage('/dashboard')).toBe(true);
    expect(worker.isAppPage('/post/123')).toBe(true);
    expect(worker.isAppPage('/')).toBe(true);
    expect(worker.isAppPage('/api/exports/1/download')).toBe(false);
    expect(worker.isAppPage('/files/abc/report.pdf')).toBe(false);
    expect(worker.isAppPage('/feed.atom')).toBe(false);
  });
});

describe('the service worker at work', () => {
  const build = (source: string, id: string, assets: string[]) =>
    source
      .replace("/* hearth:build */ 'dev'", JSON.stringify(id))
      .replace('/* hearth:assets */ []', JSON.stringify(assets));

  it("installs this build's shell, leaves the API to the network, and opens the app offline", async () => {
    const worker = loadWorker(build(SOURCE, 'b1', ['/assets/app-1.js']));
    worker.fetch.mockImplementation(async (request: Request) =>
      answer(`fresh ${new URL(request.url).pathname}`),
    );
    await dispatch(worker, 'install');
    expect([...worker.stores.keys()]).toEqual(['hearth-shell-b1']);
    expect([...worker.stores.get('hearth-shell-b1')!.keys()].sort()).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/assets/app-1.js`,
    ]);

    // The API is never answered here, online or not.
    expect(await dispatchFetch(worker, get('/api/posts'))).toBeNull();
    expect(await dispatchFetch(worker, navigation('/files/a/b.pdf'))).toBeNull();

    // Online, a screen comes from the network; offline, the kept page opens the app.
    expect(await (await dispatchFetch(worker, navigation('/dashboard')))!.text()).toBe('fresh /dashboard');
    worker.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await (await dispatchFetch(worker, navigation('/dashboard')))!.text()).toBe('fresh /');
    expect(await (await dispatchFetch(worker, get('/assets/app-1.js')))!.text()).toBe(
      'fresh /assets/app-1.js',
    );
  });

  it('a new build drops the old shell when it activates', async () => {
    const worker = loadWorker(build(SOURCE, 'b2', []));
    worker.fetch.mockImplementation(async () => answer('page'));
    worker.stores.set('hearth-shell-b1', new Map());
    worker.stores.set('someone-else', new Map());
    await dispatch(worker, 'install');
    await dispatch(worker, 'activate');
    expect([...worker.stores.keys()].sort()).toEqual(['hearth-shell-b2', 'someone-else']);
  });
});

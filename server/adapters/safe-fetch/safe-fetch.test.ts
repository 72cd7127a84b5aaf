import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFixtureServer,
  type FixtureServer,
} from '../../features/links/pipeline/fixtures/fixture-server';
import { type Resolver, SAFE_FETCH_LIMITS, safeFetch, SafeFetchError } from './safe-fetch';

let server: FixtureServer;

beforeAll(async () => {
  server = await startFixtureServer();
});

afterAll(async () => {
  await server?.close();
});

const local = { allowLoopback: true };

/** A resolver that answers every name with these addresses, counting its calls. */
function answering(...addresses: string[]) {
  const calls: string[] = [];
  const resolver: Resolver = async (hostname) => {
    calls.push(hostname);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolver, calls };
}

async function failure(promise: Promise<unknown>): Promise<SafeFetchError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SafeFetchError);
  return error as SafeFetchError;
}

describe('safeFetch refuses addresses it must not reach', () => {
  it.each([
    ['decimal', 'http://2130706433/'],
    ['octal', 'http://0177.0.0.1/'],
    ['hex', 'http://0x7f.1/'],
    ['hex, one number', 'http://0x7f000001/'],
    ['short', 'http://127.1/'],
    ['zero', 'http://0/'],
    ['IPv4-mapped IPv6', 'http://[::ffff:127.0.0.1]/'],
    ['IPv4-compatible IPv6', 'http://[::127.0.0.1]/'],
    ['NAT64', 'http://[64:ff9b::7f00:1]/'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['private', 'https://10.1.2.3/'],
  ])('an IP literal spelled %s (%s)', async (_kind, url) => {
    const { resolver, calls } = answering('93.184.216.34');
    const error = await failure(safeFetch(url, { resolver }));
    expect(error.code).toBe('blocked_address');
    expect(error.permanent).toBe(true);
    expect(calls).toEqual([]);
  });

  it.each([
    ['127.0.0.1'],
    ['2130706433'],
    ['0177.0.0.1'],
    ['0x7f.1'],
    ['10.0.0.7'],
    ['169.254.169.254'],
    ['100.64.1.1'],
    ['::1'],
    ['::ffff:127.0.0.1'],
    ['::127.0.0.1'],
    ['64:ff9b::7f00:1'],
    ['fd00::1'],
    ['fe80::1'],
  ])('a name the resolver answers with %s', async (address) => {
    const { resolver, calls } = answering(address);
    const error = await failure(safeFetch('http://innocent.example/', { resolver }));
    expect(error.code).toBe('blocked_address');
    expect(error.message).toContain('innocent.example resolves to');
    expect(calls).toEqual(['innocent.example']);
  });

  it('a name with one private address among public ones (every A and AAAA answer is checked)', async () => {
    const { resolver } = answering('127.0.0.1', '10.0.0.1');
    const error = await failure(
      safeFetch(`http://multi.example:${server.port}/articles/bees`, { ...local, resolver }),
    );
    expect(error.code).toBe('blocked_address');
    expect(error.message).toContain('10.0.0.1');
    expect(server.hits.get('/articles/bees') ?? 0).toBe(0);
  });

  it.each([
    ['to a link-local address', 'http://169.254.169.254/latest/meta-data/'],
    ['to loopback spelled as a mapped IPv6 address', 'http://[::ffff:127.0.0.1]:PORT/secret'],
    ['to loopback spelled in NAT64', 'http://[64:ff9b::7f00:1]:PORT/secret'],
    ['to a private address', 'http://192.168.0.1/admin'],
  ])('a redirect %s', async (_kind, target) => {
    const to = target.replace('PORT', String(server.port));
    const error = await failure(
      safeFetch(`${server.origin}/redirect-to?to=${encodeURIComponent(to)}`, local),
    );
    expect(error.code).toBe('blocked_address');
    expect(server.hits.get('/redirect-to')).toBeGreaterThan(0);
    expect(server.hits.get('/secret') ?? 0).toBe(0);
  });

  it('DNS rebinding: a name that answered an allowed address, then a private one, is refused on the next connection', async () => {
    // With the loopback switch on, 127.0.0.1 stands for "a public address" here. The first
    // connection (answered 127.0.0.1) gets a redirect to the same name; the second lookup answers
    // the cloud metadata address, and the check made while connecting refuses it.
    const answers = ['127.0.0.1', '169.254.169.254'];
    const calls: string[] = [];
    const resolver: Resolver = async (hostname) => {
      calls.push(hostname);
      const address = answers[Math.min(calls.length - 1, answers.length - 1)]!;
      return [{ address, family: 4 }];
    };
    const hitsBefore = server.hits.get('/articles/bees') ?? 0;
    const error = await failure(
      safeFetch(`http://rebind.example:${server.port}/redirect-to?to=/articles/bees`, { ...local, resolver }),
    );
    expect(calls).toEqual(['rebind.example', 'rebind.example']);
    expect(error.code).toBe('blocked_address');
    expect(error.message).toContain('169.254.169.254');
    expect(server.hits.get('/articles/bees') ?? 0).toBe(hitsBefore);
  });

  it.each([
    ['ftp://example.com/file', 'unsupported_scheme'],
    ['file:///etc/passwd', 'unsupported_scheme'],
    ['javascript:alert(1)', 'unsupported_scheme'],
    ['http://user:secret@example.com/', 'credentials'],
    ['http://example.com:8080/', 'port'],
    ['https://example.com:80/', 'port'],
    ['not a url', 'invalid_url'],
  ])('%s (%s)', async (url, code) => {
    const { resolver, calls } = answering('93.184.216.34');
    const error = await failure(safeFetch(url, { resolver }));
    expect(error.code).toBe(code);
    expect(error.permanent).toBe(true);
    expect(calls).toEqual([]);
  });
});

describe('safeFetch reads pages within its limits', () => {
  it('fetches a page through a redirect chain, naming Hearth in its User-Agent', async () => {
    const result = await safeFetch(`${server.origin}/redirect?n=3`, local);
    expect(result).toMatchObject({
      finalUrl: `${server.origin}/articles/bees`,
      redirectChain: [
        `${server.origin}/redirect?n=3`,
        `${server.origin}/redirect?n=2`,
        `${server.origin}/redirect?n=1`,
      ],
      status: 200,
      contentType: 'text/html',
      truncated: false,
    });
    expect(result.body).toContain('Rooftop hives');
    expect(server.lastHeaders()?.['user-agent']).toMatch(/Hearth/);
  });

  it('stops after the redirect limit', async () => {
    const error = await failure(safeFetch(`${server.origin}/redirect?n=3`, { ...local, maxRedirects: 2 }));
    expect(error.code).toBe('too_many_redirects');
  });

  it.each([['gzip'], ['br'], ['deflate']])('decodes a %s body', async (encoding) => {
    const result = await safeFetch(`${server.origin}/articles/bees?encoding=${encoding}`, local);
    expect(result.body).toContain('Rooftop hives');
  });

  it.each([['/bad-gzip'], ['/compress']])('refuses a body it cannot decode (%s)', async (path) => {
    const error = await failure(safeFetch(`${server.origin}${path}`, local));
    expect(error).toMatchObject({ code: 'decoding', permanent: true });
  });

  it('decodes the charset the server names', async () => {
    const result = await safeFetch(`${server.origin}/latin1`, local);
    expect(result.body).toContain('Café crème à la française');
  });

  it('stops a gzip bomb at the cap after decompression', async () => {
    const started = Date.now();
    const result = await safeFetch(`${server.origin}/gzip-bomb`, local);
    expect(result.truncated).toBe(true);
    expect(result.body).toHaveLength(SAFE_FETCH_LIMITS.maxBytes);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('keeps only the first 5 MB of a huge page', async () => {
    const result = await safeFetch(`${server.origin}/huge`, local);
    expect(result.truncated).toBe(true);
    expect(result.body).toHaveLength(5 * 1024 * 1024);
    expect(result.body).toContain('Rooftop hives');
  });

  it('applies a smaller cap when asked', async () => {
    const result = await safeFetch(`${server.origin}/articles/bees`, { ...local, maxBytes: 100 });
    expect(result).toMatchObject({ truncated: true });
    expect(result.body).toHaveLength(100);
  });

  it('stops a slow-drip server at the deadline', async () => {
    const started = Date.now();
    const error = await failure(safeFetch(`${server.origin}/slow-drip`, { ...local, deadlineMs: 1000 }));
    const elapsed = Date.now() - started;
    expect(error.code).toBe('timeout');
    expect(error.permanent).toBe(false);
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(3000);
    expect(server.hits.get('/slow-drip')).toBeGreaterThan(0);
  });

  it('refuses at once a body announced larger than the cap, without waiting for it', async () => {
    const started = Date.now();
    const error = await failure(
      safeFetch(`${server.origin}/announced-huge`, { ...local, deadlineMs: 10_000 }),
    );
    expect(error.code).toBe('too_large');
    expect(error.permanent).toBe(true);
    expect(error.message).toBe(
      `the answer announces 10000000000 bytes, over the ${SAFE_FETCH_LIMITS.maxBytes}-byte cap`,
    );
    expect(Date.now() - started).toBeLessThan(2000);
    // The same announcement for bytes the caller reads (a lead image) is refused too.
    const asBytes = await failure(
      safeFetch(`${server.origin}/announced-huge`, {
        ...local,
        deadlineMs: 10_000,
        binaryTypes: new Set(['text/html']),
      }),
    );
    expect(asBytes.code).toBe('too_large');
  });

  it('records the type of a page that is not text, without reading it', async () => {
    const image = await safeFetch(`${server.origin}/image.png`, local);
    expect(image).toMatchObject({ contentType: 'image/png', body: null, truncated: false });
    const download = await safeFetch(`${server.origin}/download`, local);
    expect(download).toMatchObject({
      contentType: 'application/octet-stream',
      attachmentName: 'invoice-setup.exe',
      body: null,
    });
  });

  it('reads plain text', async () => {
    const result = await safeFetch(`${server.origin}/notes.txt`, local);
    expect(result).toMatchObject({ contentType: 'text/plain' });
    expect(result.body).toContain('compost heap');
  });

  it('tells permanent from transient HTTP errors', async () => {
    const missing = await failure(safeFetch(`${server.origin}/not-found`, local));
    expect(missing).toMatchObject({ code: 'http_status', status: 404, permanent: true });
    const broken = await failure(safeFetch(`${server.origin}/server-error`, local));
    expect(broken).toMatchObject({ code: 'http_status', status: 503, permanent: false });
  });

  it('reports a name that does not exist as permanent', async () => {
    const resolver: Resolver = async () => [];
    const error = await failure(safeFetch('http://nowhere.example/', { resolver }));
    expect(error).toMatchObject({ code: 'not_found', permanent: true });
  });
});

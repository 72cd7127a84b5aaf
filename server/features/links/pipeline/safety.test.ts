import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_PAGES, readFixture } from './fixtures/fixture-server';
import { checkSafety, SAFE_BROWSING_FAILED, type SafetyInput } from './safety';
import { registrableDomain } from './safety-rules';

const ARTICLE = readFixture(FIXTURE_PAGES.bees);

function input(overrides: Partial<SafetyInput> = {}): SafetyInput {
  return {
    url: 'https://garden.example/news/bees',
    finalUrl: 'https://garden.example/news/bees',
    redirectChain: [],
    contentType: 'text/html',
    attachmentName: null,
    html: ARTICLE,
    ...overrides,
  };
}

const local = { safeBrowsing: null };

describe('local safety rules', () => {
  it('finds nothing wrong with an ordinary article', async () => {
    expect(await checkSafety(input(), local)).toEqual({ verdict: 'safe', reasons: [] });
  });

  it('calls a password form that posts to another site unsafe', async () => {
    const result = await checkSafety(
      input({
        url: 'https://account-help.example/login',
        finalUrl: 'https://account-help.example/login',
        html: readFixture(FIXTURE_PAGES.phishing),
      }),
      local,
    );
    expect(result).toEqual({
      verdict: 'unsafe',
      reasons: [
        'The page asks for a password and sends it to another site (collect.verify-accounts.example.net)',
      ],
    });
  });

  it('accepts a password form that posts to its own site, over HTTPS', async () => {
    const html = '<form action="https://login.shop.example/session"><input type="password"></form>';
    const result = await checkSafety(
      input({ url: 'https://www.shop.example/', finalUrl: 'https://www.shop.example/', html }),
      local,
    );
    expect(result.verdict).toBe('safe');
  });

  it('calls a password form sent unencrypted suspicious', async () => {
    const html = '<form action="http://shop.example/session" method=post><INPUT TYPE=PASSWORD name=p></form>';
    const result = await checkSafety(
      input({ url: 'https://shop.example/', finalUrl: 'https://shop.example/', html }),
      local,
    );
    expect(result).toEqual({
      verdict: 'suspicious',
      reasons: ['The page asks for a password and sends it unencrypted'],
    });
  });

  it('calls a bare IP address suspicious', async () => {
    const result = await checkSafety(
      input({ url: 'http://203.0.113.9/promo', finalUrl: 'http://203.0.113.9/promo' }),
      local,
    );
    expect(result).toEqual({
      verdict: 'suspicious',
      reasons: ['The link uses a bare IP address (203.0.113.9) instead of a site name'],
    });
  });

  it('calls a mixed-script look-alike name unsafe and any other international name suspicious', async () => {
    // "pаypal.example" with a Cyrillic а.
    const lookAlike = new URL('https://p\u0430ypal.example/').href;
    const mixed = await checkSafety(input({ url: lookAlike, finalUrl: lookAlike }), local);
    expect(mixed.verdict).toBe('unsafe');
    expect(mixed.reasons[0]).toMatch(/mixes alphabets \(Latin and Cyrillic\)/);

    const german = new URL('https://bücher.example/').href;
    const international = await checkSafety(input({ url: german, finalUrl: german }), local);
    expect(international).toEqual({
      verdict: 'suspicious',
      reasons: [
        'The site name bücher.example (xn--bcher-kva.example) uses international characters, which can imitate another site',
      ],
    });
  });

  it('calls a URL shortener and a redirect to another site suspicious, naming where it led', async () => {
    const result = await checkSafety(
      input({
        url: 'https://bit.ly/3abc',
        redirectChain: ['https://bit.ly/3abc', 'https://tracker.example/r?id=1'],
        finalUrl: 'https://garden.example/news/bees',
      }),
      local,
    );
    expect(result).toEqual({
      verdict: 'suspicious',
      reasons: [
        'The link goes through a URL shortener (bit.ly), which hides where it leads',
        'The link redirects to another site (bit.ly → tracker.example → garden.example)',
      ],
    });
  });

  it('does not count a redirect within one site (http to https, www) as another site', async () => {
    const result = await checkSafety(
      input({
        url: 'http://garden.example/bees',
        redirectChain: ['http://garden.example/bees'],
        finalUrl: 'https://www.garden.example/news/bees',
      }),
      local,
    );
    expect(result.verdict).toBe('safe');
  });

  it('calls an executable download unsafe, by file name or by type', async () => {
    const byName = await checkSafety(
      input({ contentType: 'application/octet-stream', attachmentName: 'invoice-setup.exe', html: null }),
      local,
    );
    expect(byName).toEqual({
      verdict: 'unsafe',
      reasons: ['The link downloads a program (invoice-setup.exe)'],
    });
    const byPath = await checkSafety(
      input({
        finalUrl: 'https://files.example/tool.msi',
        url: 'https://files.example/tool.msi',
        html: null,
        contentType: null,
      }),
      local,
    );
    expect(byPath.verdict).toBe('unsafe');
    const byType = await checkSafety(
      input({ contentType: 'application/vnd.android.package-archive', html: null }),
      local,
    );
    expect(byType).toEqual({
      verdict: 'unsafe',
      reasons: ['The link downloads a program (application/vnd.android.package-archive)'],
    });
  });

  it('calls an address that begins like another site suspicious', async () => {
    const url = 'https://paypal.com.account-check.example/login';
    const result = await checkSafety(input({ url, finalUrl: url }), local);
    expect(result).toEqual({
      verdict: 'suspicious',
      reasons: [
        "The address paypal.com.account-check.example begins like another site's address but belongs to account-check.example",
      ],
    });
  });

  it.each([
    ['news.example.co.uk', 'example.co.uk'],
    ['www.example.com', 'example.com'],
    ['example.org', 'example.org'],
    ['a.b.c.example.net', 'example.net'],
  ])('reads the registered name of %s as %s', (host, expected) => {
    expect(registrableDomain(host)).toBe(expected);
  });
});

/** A local stand-in for the Safe Browsing Lookup API. */
async function startFakeSafeBrowsing(
  answer: (body: { threatInfo: { threatEntries: Array<{ url: string }> } }) => {
    status: number;
    body: unknown;
  },
) {
  const requests: Array<{
    url: string;
    body: { threatInfo: { threatEntries: Array<{ url: string }>; threatTypes: string[] } };
  }> = [];
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(raw);
      requests.push({ url: request.url ?? '', body });
      const { status, body: reply } = answer(body);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    requests,
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('Google Safe Browsing', () => {
  let listed: Awaited<ReturnType<typeof startFakeSafeBrowsing>>;
  let failing: Awaited<ReturnType<typeof startFakeSafeBrowsing>>;

  beforeAll(async () => {
    listed = await startFakeSafeBrowsing((body) => {
      const matches = body.threatInfo.threatEntries
        .filter((entry) => entry.url.includes('malware'))
        .map((entry) => ({
          threatType: 'SOCIAL_ENGINEERING',
          platformType: 'ANY_PLATFORM',
          threat: { url: entry.url },
          threatEntryType: 'URL',
        }));
      return { status: 200, body: matches.length > 0 ? { matches } : {} };
    });
    failing = await startFakeSafeBrowsing(() => ({ status: 503, body: { error: { code: 503 } } }));
  });
  afterAll(async () => {
    await listed?.close();
    await failing?.close();
  });

  it('asks about every address the link went through, with the key, and trusts a clean answer', async () => {
    const result = await checkSafety(
      input({ redirectChain: ['https://garden.example/old'], url: 'https://garden.example/old' }),
      { safeBrowsing: { apiKey: 'sb-key', baseUrl: listed.baseUrl } },
    );
    expect(result).toEqual({ verdict: 'safe', reasons: [] });
    const request = listed.requests.at(-1)!;
    expect(request.url).toBe('/v4/threatMatches:find?key=sb-key');
    expect(request.body.threatInfo.threatEntries).toEqual([
      { url: 'https://garden.example/old' },
      { url: 'https://garden.example/news/bees' },
    ]);
    expect(request.body.threatInfo.threatTypes).toContain('SOCIAL_ENGINEERING');
  });

  it('calls a listed address unsafe', async () => {
    const url = 'https://malware.example/download';
    const result = await checkSafety(input({ url, finalUrl: url }), {
      safeBrowsing: { apiKey: 'k', baseUrl: listed.baseUrl },
    });
    expect(result).toEqual({
      verdict: 'unsafe',
      reasons: ['Google Safe Browsing lists https://malware.example/download for phishing or deception'],
    });
  });

  it('reports a failed check as unknown, never safe', async () => {
    const result = await checkSafety(input(), { safeBrowsing: { apiKey: 'k', baseUrl: failing.baseUrl } });
    expect(failing.requests).toHaveLength(1);
    expect(result).toEqual({ verdict: 'unknown', reasons: [SAFE_BROWSING_FAILED] });

    const unreachable = await checkSafety(input(), {
      safeBrowsing: { apiKey: 'k', baseUrl: 'http://127.0.0.1:1' },
    });
    expect(unreachable).toEqual({ verdict: 'unknown', reasons: [SAFE_BROWSING_FAILED] });
  });

  it('keeps what the local rules found when the check fails', async () => {
    const result = await checkSafety(input({ html: readFixture(FIXTURE_PAGES.phishing) }), {
      safeBrowsing: { apiKey: 'k', baseUrl: failing.baseUrl },
    });
    expect(result.verdict).toBe('unsafe');
    expect(result.reasons).toContain(SAFE_BROWSING_FAILED);
  });
});

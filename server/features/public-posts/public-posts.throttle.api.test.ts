import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env';
import { createThrottle } from '../../http/throttle';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { memberWithClient } from '../../../tests/support/factories';
import { createPostAs } from '../../../tests/support/social-factories';
import { publishAs } from '../../../tests/support/public-post-factories';

const LIMIT = 3;

/** Public reads are throttled per client IP: PUBLISHED_RATE_LIMIT a minute, 429 with Retry-After. */
describe('public reads throttling', () => {
  let app: TestApp;
  let paths: string[];

  beforeAll(async () => {
    // Behind one trusted proxy, so each test names its own client IP in X-Forwarded-For.
    app = await createTestApp({ rateLimits: true, config: { publishedRateLimit: LIMIT, trustProxy: 1 } });
    const { client, member } = await memberWithClient(app);
    const post = await createPostAs(client);
    const publication = await publishAs(client, post.id);
    paths = [
      '/api/published_posts?limit=1',
      `/api/published_posts/${publication.slug}`,
      `/api/explore/profiles/${member.id}`,
      '/explore/feed.atom',
    ];
  });
  afterAll(() => app.close());

  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

  it('reads PUBLISHED_RATE_LIMIT from the environment: a positive whole number, 300 by default', () => {
    expect(loadConfig({}).publishedRateLimit).toBe(300);
    expect(loadConfig({ PUBLISHED_RATE_LIMIT: '50' }).publishedRateLimit).toBe(50);
    for (const bad of ['0', '-1', '1.5', 'many']) {
      expect(() => loadConfig({ PUBLISHED_RATE_LIMIT: bad }), bad).toThrow(ConfigError);
    }
  });

  it('applies the configured limit: a 429 comes within two windows’ worth of requests', async () => {
    // Without a frozen clock a window may end mid-test, but 2 × LIMIT + 1 requests cannot all fit.
    const client = app.client();
    const statuses: number[] = [];
    for (let i = 0; i < 2 * LIMIT + 1 && !statuses.includes(429); i++) {
      statuses.push((await client.get(paths[i % paths.length]!, from('203.0.113.1'))).status);
    }
    expect(statuses).toContain(429);
    expect(statuses.indexOf(429)).toBeGreaterThanOrEqual(LIMIT);
  });

  describe('with a frozen clock', () => {
    let original: TestApp['context']['throttle']['hit'];
    beforeAll(() => {
      original = app.context.throttle.hit;
      const frozen = Date.now();
      app.context.throttle.hit = createThrottle(app.context.db, {
        enabled: true,
        now: () => frozen,
        limits: { publishedIp: { max: app.context.config.publishedRateLimit, windowSeconds: 60 } },
      }).hit;
    });
    afterAll(() => {
      app.context.throttle.hit = original;
    });

    it('answers 429 with Retry-After and {error} after LIMIT reads from one IP, on every public read', async () => {
      for (const [index, path] of paths.entries()) {
        const ip = `198.51.100.${index + 1}`;
        const client = app.client();
        for (let i = 0; i < LIMIT; i++) expect((await client.get(path, from(ip))).status, path).toBe(200);
        const refused = await client.get(path, from(ip));
        expect(refused.status, path).toBe(429);
        const retryAfter = Number(refused.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(0);
        // A sliding window (ADR 036): at worst the rest of this window, then the share of the
        // next one it takes for the full window behind to weigh one request less.
        expect(retryAfter).toBeLessThanOrEqual(60 + Math.ceil(60 / LIMIT));
        expect(refused.body).toEqual({ error: expect.any(String) });
        expect(refused.headers.get('cache-control') ?? '').not.toContain('public');
      }
    });

    it('counts per IP, signed in or not, and leaves other IPs and member routes alone', async () => {
      const { client: member } = await memberWithClient(app);
      const visitor = app.client();
      for (let i = 0; i < LIMIT; i++)
        expect((await visitor.get(paths[0]!, from('192.0.2.7'))).status).toBe(200);
      expect((await member.get(paths[0]!, from('192.0.2.7'))).status).toBe(429);
      expect((await member.get(paths[0]!, from('192.0.2.8'))).status).toBe(200);
      expect((await member.get('/api/posts', from('192.0.2.7'))).status).toBe(200);
    });
  });
});

describe('public reads with RATE_LIMITS=off', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ rateLimits: false, config: { publishedRateLimit: 1 } });
  });
  afterAll(() => app.close());

  it('are never throttled, whatever PUBLISHED_RATE_LIMIT says', async () => {
    const visitor = app.client();
    for (let i = 0; i < 5; i++) expect((await visitor.get('/api/published_posts')).status).toBe(200);
  });
});

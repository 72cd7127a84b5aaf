import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { memberWithClient } from '../../tests/support/factories';
import { notReadyBecause } from './readiness';

const TOKEN = 'metrics-token-0123456789abcdef0123456789abcdef';

/** GET /metrics as Prometheus would scrape it (no cookies, no XHR header). */
function scrape(app: TestApp, authorization?: string) {
  return fetch(`${app.url}/metrics`, { headers: authorization ? { authorization } : {} });
}

describe('GET /metrics', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ config: { metricsToken: TOKEN } });
  });
  afterAll(() => app.close());

  it('answers the Prometheus text format with process, HTTP, queue and live-stream metrics', async () => {
    const res = await scrape(app, `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = await res.text();
    expect(body).toMatch(/^# HELP process_cpu_user_seconds_total /m);
    expect(body).toMatch(/^# TYPE hearth_http_request_duration_seconds histogram$/m);
    expect(body).toMatch(/^hearth_sse_connections 0$/m);
    // A mail job (a password reset's) is queued: once it is in the queue tables, it is reported.
    const { member } = await memberWithClient(app);
    const reset = await app.client().post('/api/users/password', { user: { email: member.email } });
    expect(reset.status).toBeLessThan(300);
    await vi.waitFor(
      async () => {
        const scraped = await (await scrape(app, `Bearer ${TOKEN}`)).text();
        expect(scraped).toMatch(/^hearth_jobs\{queue="[a-z._-]+",state="[a-z]+"\} \d+$/m);
      },
      { timeout: 20_000, interval: 250 },
    );
  });

  it('counts a request under its route pattern and status class, never its raw URL or ids', async () => {
    const { member, client } = await memberWithClient(app);
    const res = await client.get(`/api/profiles/${member.id}`);
    expect(res.status).toBeLessThan(500);
    await client.get('/api/posts/00000000-0000-4000-8000-000000000000');
    const body = await (await scrape(app, `Bearer ${TOKEN}`)).text();
    expect(body).toMatch(
      /^hearth_http_request_duration_seconds_count\{method="GET",route="\/api\/profiles\/:[a-zA-Z]+",status_class="2xx"\} [1-9]\d*$/m,
    );
    expect(body).toMatch(
      /^hearth_http_request_duration_seconds_count\{method="GET",route="\/api\/posts\/:[a-zA-Z]+",status_class="4xx"\} [1-9]\d*$/m,
    );
    expect(body).not.toContain(member.id);
    expect(body).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(body).not.toContain(member.email);
  });

  it('counts kept-answer hits and misses by kind of read, never by member or key', async () => {
    const { member, client } = await memberWithClient(app);
    const kept = async () => {
      const body = await (await scrape(app, `Bearer ${TOKEN}`)).text();
      const count = (kind: string, outcome: string) =>
        Number(
          new RegExp(`^hearth_kept_reads_total\\{kind="${kind}",outcome="${outcome}"\\} (\\d+)$`, 'm').exec(
            body,
          )?.[1] ?? 0,
        );
      return { body, count };
    };
    const before = await kept();
    // Whether a page is served kept depends on what the app's worker writes meanwhile (read-cache
    // tests cover hits); every look-up is counted, hit or miss.
    expect((await client.get('/api/posts')).status).toBe(200);
    expect((await client.get('/api/posts')).status).toBe(200);
    const after = await kept();
    const looked = (counts: typeof before, kind: string) =>
      counts.count(kind, 'hit') + counts.count(kind, 'miss');
    expect(looked(after, 'timeline')).toBe(looked(before, 'timeline') + 2);
    expect(looked(after, 'session')).toBeGreaterThanOrEqual(looked(before, 'session') + 2);
    expect(after.body).toMatch(/^# TYPE hearth_kept_reads_total counter$/m);
    for (const line of after.body.split('\n').filter((l) => l.startsWith('hearth_kept_reads_total{')))
      expect(line).toMatch(/^hearth_kept_reads_total\{kind="[a-z-]+",outcome="(hit|miss)"\} \d+$/);
    expect(after.body).not.toContain(member.id);
  });

  it('reports what the kept answers hold, in entries and estimated bytes', async () => {
    const { client } = await memberWithClient(app);
    expect((await client.get('/api/posts')).status).toBe(200);
    const body = await (await scrape(app, `Bearer ${TOKEN}`)).text();
    const gauge = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(body)?.[1]);
    const held = app.context.database.readCache.held!();
    // At least the member's session is kept (the timeline page may be dropped by the worker's writes).
    expect(held.entries).toBeGreaterThan(0);
    expect(gauge('hearth_kept_reads_entries')).toBe(held.entries);
    expect(gauge('hearth_kept_reads_bytes')).toBe(held.bytes);
  });

  it('refuses a scrape without the bearer token or with a wrong one, in the error shape', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN.slice(1)}`,
    ]) {
      const res = await scrape(app, authorization);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await res.json()).toEqual({ error: expect.any(String) });
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('is off: 404 in the error shape, whatever is sent', async () => {
    for (const authorization of [undefined, 'Bearer ', `Bearer ${TOKEN}`]) {
      const res = await scrape(app, authorization);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: expect.any(String) });
    }
  });
});

describe('GET /api/health/ready', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('is ready when the database answers with every migration applied', async () => {
    const res = await app.client().get('/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('is not ready while this build has migrations the database lacks', async () => {
    const applied = await app.context.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    const count = Number((applied as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
    expect(await notReadyBecause(app.context, count)).toBeNull();
    expect(await notReadyBecause(app.context, count + 1)).toBe('migrations');
  });

  it('answers 503 in the error shape when the database does not answer', async () => {
    await app.context.db.execute(sql`alter table drizzle.__drizzle_migrations rename to moved_away`);
    try {
      const res = await app.client().get('/api/health/ready');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: 'Service unavailable. Please try again later.' });
    } finally {
      await app.context.db.execute(sql`alter table drizzle.moved_away rename to __drizzle_migrations`);
    }
    expect((await app.client().get('/api/health/ready')).status).toBe(200);
  });
});

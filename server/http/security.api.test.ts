import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/env';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { TestClient } from '../../tests/support/test-client';

const EXTRA_ORIGIN = 'https://app.hearth.example';

/** Writes are accepted from PUBLIC_ORIGIN and ALLOWED_ORIGINS only, as JSON, never cross-site. */
describe('write protection: origins, Fetch Metadata, JSON bodies', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ config: { allowedOrigins: [EXTRA_ORIGIN] } });
  });
  afterAll(() => app.close());

  /** Any write route answers the same before its handler; this one needs no session. */
  const write = (headers: Record<string, string>, body: unknown = { user: { email: 'a@example.test' } }) =>
    new TestClient(app.url).post('/api/users/password', body, { headers });

  it('refuses an Origin that merely equals the Host the request was sent to (DNS rebinding)', async () => {
    const res = await write({ origin: app.url });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Cross-origin requests are not allowed.' });
  });

  it('accepts PUBLIC_ORIGIN and the ALLOWED_ORIGINS, and a write with no Origin at all', async () => {
    expect((await write({ origin: 'http://hearth.test' })).status).toBe(200);
    expect((await write({ origin: EXTRA_ORIGIN })).status).toBe(200);
    expect((await write({})).status).toBe(200);
    expect((await write({ origin: 'null' })).status).toBe(403);
    expect((await write({ origin: 'http://hearth.test.evil.example' })).status).toBe(403);
  });

  it('refuses a write the browser marks Sec-Fetch-Site: cross-site, with 403 in the error shape', async () => {
    const res = await write({ origin: 'http://hearth.test', 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: expect.any(String) });
    for (const site of ['same-origin', 'same-site', 'none']) {
      expect((await write({ 'sec-fetch-site': site })).status, site).toBe(200);
    }
    // Reads are not writes: a cross-site link to a page still opens.
    const read = await new TestClient(app.url).get('/api/health', {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(read.status).toBe(200);
  });

  it('refuses text/plain and other non-JSON bodies on JSON API routes with 415 {error}', async () => {
    const cases: [string, string][] = [
      ['text/plain', '{"user":{"email":"a@example.test"}}'],
      ['text/plain;charset=UTF-8', '{"user":{"email":"a@example.test"}}'],
      ['application/x-www-form-urlencoded', 'user[email]=a@example.test'],
      ['multipart/form-data; boundary=x', '--x--'],
    ];
    for (const [type, body] of cases) {
      const res = await write({ 'content-type': type }, body);
      expect(res.status, type).toBe(415);
      expect(res.body, type).toEqual({ error: expect.any(String) });
    }
    expect(
      (
        await write(
          { 'content-type': 'application/json; charset=utf-8' },
          '{"user":{"email":"a@example.test"}}',
        )
      ).status,
    ).toBe(200);
  });

  it("allows no <base> element at all (CSP base-uri 'none'), on pages and API answers alike", async () => {
    for (const path of ['/api/health', '/api/nothing-here']) {
      const policy = (await new TestClient(app.url).get(path)).headers.get('content-security-policy') ?? '';
      const directives = policy.split(';').map((directive) => directive.trim());
      expect(directives, path).toContain("base-uri 'none'");
      expect(
        directives.filter((directive) => directive.startsWith('base-uri')),
        path,
      ).toHaveLength(1);
    }
  });

  it('reads ALLOWED_ORIGINS as comma-separated origins and refuses anything else', () => {
    expect(loadConfig({}).allowedOrigins).toEqual([]);
    expect(
      loadConfig({ ALLOWED_ORIGINS: 'https://a.example, http://localhost:5173/' }).allowedOrigins,
    ).toEqual(['https://a.example', 'http://localhost:5173']);
    for (const bad of [
      'a.example',
      'https://a.example/path',
      'ftp://a.example',
      'https://a.example?x=1',
      '*',
    ]) {
      expect(() => loadConfig({ ALLOWED_ORIGINS: bad }), bad).toThrow(ConfigError);
    }
  });
});

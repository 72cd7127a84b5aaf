import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { createTestApp, type TestApp } from '../support/test-app';

describe('health and request guards', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('reports the database and search mode', async () => {
    const res = await app.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', version: packageJson.version });
    expect(['pglite', 'postgres']).toContain(res.body.database);
  });

  it('refuses a write without the XHR marker header', async () => {
    const res = await app.client().post('/api/health', {}, { headers: { 'x-requested-with': 'nope' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/Hearth app/);
  });

  it('refuses a write from another origin', async () => {
    const res = await app.client().post('/api/health', {}, { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
  });

  it('answers unknown API paths with 404 in the error shape', async () => {
    const res = await app.client().get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found.' });
  });

  it('sends the same security headers on every answer, found or not', async () => {
    const expected = {
      'content-security-policy': [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "media-src 'self' blob:",
        "object-src 'none'",
        "frame-src 'none'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "form-action 'self'",
      ].join(';'),
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const path of ['/api/health', '/api/nothing-here']) {
      const res = await app.client().get(path);
      const sent = Object.fromEntries(Object.keys(expected).map((name) => [name, res.headers.get(name)]));
      expect(sent, path).toEqual(expected);
      // Plain http here: no HSTS (a browser would pin an address that cannot serve https).
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
    }
  });
});

describe('security headers behind https', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ config: { publicOrigin: 'https://hearth.test' } });
  });
  afterAll(() => app.close());

  it('adds HSTS and asks the browser to upgrade insecure requests', async () => {
    const res = await app.client().get('/api/health');
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers.get('content-security-policy')).toMatch(/;upgrade-insecure-requests$/);
  });
});

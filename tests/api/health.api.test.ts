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

  it('sends security headers', async () => {
    const res = await app.client().get('/api/health');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import viteConfig from '../../vite.config';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

/** Server hardening that no feature owns: timeouts, source maps, headers on token-carrying pages. */
describe('server hardening', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('bounds slow clients: headers in 15 s, 30 s of silence, 10 minutes per request', async () => {
    const built = await buildApp(app.context, { serveWeb: false });
    try {
      expect(built.server.headersTimeout).toBe(15_000);
      expect(built.server.timeout).toBe(30_000);
      expect(built.server.requestTimeout).toBe(10 * 60_000);
    } finally {
      await built.close();
    }
  });

  it('builds the web app without public source maps and never serves a .map file', async () => {
    expect(viteConfig.build?.sourcemap).toBe('hidden');
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<html><head></head><body>app</body></html>');
    fs.writeFileSync(path.join(dist, 'assets/app.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets/app.js.map'), '{"sources":["secret-source.ts"]}');
    const built = await buildApp(app.context, { webDist: dist });
    try {
      expect((await built.inject({ url: '/assets/app.js' })).statusCode).toBe(200);
      const map = await built.inject({ url: '/assets/app.js.map' });
      expect(map.body).not.toContain('secret-source');
    } finally {
      await built.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('sends Referrer-Policy: no-referrer on pages whose address carries a token, and on the API', async () => {
    for (const url of ['/password-reset?token=abc', '/invitation?code=abc', '/email-confirmation?code=abc']) {
      const res = await fetch(new URL(url, app.url));
      expect(res.headers.get('referrer-policy'), url).toBe('no-referrer');
    }
    const api = await fetch(new URL('/api/users/confirmation?confirmation_token=abc', app.url));
    expect(api.headers.get('referrer-policy')).toBe('no-referrer');
  });
});

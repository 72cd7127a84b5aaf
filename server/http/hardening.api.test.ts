import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import viteConfig from '../../vite.config';
import { buildApp } from '../app';
import { precompressDir } from '../../scripts/precompress';
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

  it('writes the head scripts into the page and allows exactly those inline scripts by their hashes', async () => {
    const publicDir = path.join(import.meta.dirname, '../../web/public');
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-dist-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<html><head><script src="/first-calls.js"></script><script src="/theme-init.js"></script></head>' +
        '<body>app<script type="module" src="/assets/app.js"></script></body></html>',
    );
    for (const name of ['first-calls.js', 'theme-init.js']) {
      fs.copyFileSync(path.join(publicDir, name), path.join(dist, name));
    }
    const source = (name: string) => fs.readFileSync(path.join(publicDir, name), 'utf8').trim();
    const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    /** The sources a page's policy allows scripts from. */
    const scriptSources = (policy: string) =>
      policy
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .find(([name]) => name === 'script-src')!
        .slice(1);
    /** The text of every inline script the served page holds. */
    const inline = (html: string) =>
      [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
        .filter(([, attributes]) => !attributes!.includes('src='))
        .map(([, , text]) => text!);

    const built = await buildApp(app.context, { webDist: dist });
    try {
      const pages = {
        members: ['/dashboard', '/post/5a0e8b1c-3d4f-4a6b-9c8d-7e6f5a4b3c2d', '/signin'],
        public: ['/', '/explore'],
      };
      for (const [kind, urls] of Object.entries(pages)) {
        for (const url of urls) {
          const page = await built.inject({ url });
          expect(page.statusCode, url).toBe(200);
          const scripts = inline(page.body);
          // Members' pages start their first calls from the head; public pages carry the theme only.
          expect(scripts, url).toEqual(
            kind === 'members'
              ? [source('first-calls.js'), source('theme-init.js')]
              : [source('theme-init.js')],
          );
          expect(page.body, url).not.toContain('src="/first-calls.js"');
          expect(page.body, url).not.toContain('src="/theme-init.js"');
          // The policy allows the page's own origin and each of its inline scripts, nothing else.
          const policy = String(page.headers['content-security-policy']);
          expect(scriptSources(policy).sort(), url).toEqual(["'self'", ...scripts.map(sha256)].sort());
          expect(scriptSources(policy), url).not.toContain("'unsafe-inline'");
        }
      }
      // Answers that are not the app's page allow no inline script at all.
      for (const url of ['/api/health', '/first-calls.js']) {
        const res = await built.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(scriptSources(String(res.headers['content-security-policy'])), url).toEqual(["'self'"]);
      }
    } finally {
      await built.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('serves hashed assets precompressed and immutable, and everything else revalidated', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<html><head></head><body>app</body></html>');
    const script = `console.log(${JSON.stringify('hearth '.repeat(400))});`;
    fs.writeFileSync(path.join(dist, 'assets/app-1a2b3c.js'), script);
    fs.writeFileSync(
      path.join(dist, 'favicon.svg'),
      `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(2000)}</svg>`,
    );
    expect(await precompressDir(dist)).toBe(4);
    const built = await buildApp(app.context, { webDist: dist });
    try {
      const br = await built.inject({
        url: '/assets/app-1a2b3c.js',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

      const gz = await built.inject({ url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

      const plain = await built.inject({ url: '/assets/app-1a2b3c.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);

      const icon = await built.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br' } });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['cache-control']).toBe('no-cache');
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

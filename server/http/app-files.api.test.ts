import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWithWebFiles } from '../../tests/support/built-web';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

/** The installable app's files, as the server sends them (issue 9: manifest, icons, service worker). */
describe('installable app files', () => {
  let app: TestApp;
  let built: Awaited<ReturnType<typeof buildWithWebFiles>>;

  beforeAll(async () => {
    app = await createTestApp();
    built = await buildWithWebFiles(app, {
      'index.html': '<html><head></head><body>app</body></html>',
      'assets/app-abc123.js': 'console.log(1)',
      'sw.js': "self.addEventListener('fetch', () => {});",
      'manifest.webmanifest': fs.readFileSync(
        path.join(import.meta.dirname, '../../web/public/manifest.webmanifest'),
        'utf8',
      ),
    });
  });
  afterAll(async () => {
    await built.closeWithFiles();
    await app.close();
  });

  it('serves the service worker as JavaScript that browsers ask for again on every visit', async () => {
    const res = await built.inject({ url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    // Other files keep the static server's own caching.
    const asset = await built.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).not.toBe('no-cache');
  });

  it('serves the manifest as application/manifest+json', async () => {
    const res = await built.inject({ url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = res.json<{ name: string; start_url: string; display: string }>();
    expect(manifest).toMatchObject({ name: 'Hearth', start_url: '/dashboard', display: 'standalone' });
  });

  it.each(['/dashboard', '/', '/explore/post/no-such-post'])(
    'sends the page %s compressed as the browser asks, the same page either way',
    async (url) => {
      const plain = await built.inject({ url });
      expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('<body>app</body>');
      const br = await built.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.statusCode).toBe(plain.statusCode);
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
      const gzip = await built.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
      const identity = await built.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.body).toBe(plain.body);
      // A shared cache must keep the encodings apart.
      for (const res of [plain, br, gzip, identity]) expect(res.headers.vary).toMatch(/accept-encoding/i);
    },
  );

  it.each([
    '/assets/app-old999.js',
    '/assets/index-old999.css',
    '/assets/',
    '/icon-1024.png',
    '/workbox-old.js',
    '/fonts/inter-old.woff2',
    '/assets/app-old999.js?v=2',
  ])('answers the missing file %s with a plain 404 nobody keeps, never the app page', async (url) => {
    // Positive control: a missing app address still opens the app.
    const page = await built.inject({ url: '/no-such-screen' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<body>app</body>');

    for (const method of ['GET', 'HEAD'] as const) {
      const res = await built.inject({ method, url });
      expect(res.statusCode, method).toBe(404);
      expect(res.headers['content-type'], method).toBe('text/plain; charset=utf-8');
      expect(res.headers['cache-control'], method).toBe('no-store');
      expect(res.body).not.toContain('<body>app</body>');
    }
  });

  it('lets the page register a worker and read a manifest from its own origin only (CSP)', async () => {
    const res = await built.inject({ url: '/dashboard' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});

describe('the web app manifest', () => {
  const publicDir = path.join(import.meta.dirname, '../../web/public');
  const manifest = JSON.parse(fs.readFileSync(path.join(publicDir, 'manifest.webmanifest'), 'utf8')) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };

  it('names Hearth, opens the Timeline standalone, and has 192, 512 and maskable icons that exist', () => {
    expect(manifest).toMatchObject({
      name: 'Hearth',
      short_name: 'Hearth',
      start_url: '/dashboard',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const png = fs.readFileSync(path.join(publicDir, icon.src));
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      // PNG width and height live in the IHDR chunk, bytes 16–23.
      const [width, height] = icon.sizes.split('x').map(Number);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([width, height]);
    }
    expect(fs.existsSync(path.join(publicDir, 'apple-touch-icon.png'))).toBe(true);
  });
});

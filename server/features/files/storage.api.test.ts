import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../../adapters/storage/local-storage';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

/** The local store's own signed URLs over HTTP (the signer's clock is unit-tested in url-signer.test.ts). */
describe('local storage URLs', () => {
  let app: TestApp;
  let dataDir: string;
  let storage: LocalStorage;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-storage-'));
    app = await createTestApp({ config: { dataDir } });
    storage = app.context.storage as LocalStorage;
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const put = (url: string, body: BodyInit = 'bytes', headers: Record<string, string> = {}) =>
    fetch(new URL(url, app.url), { method: 'PUT', body, headers });

  it('takes any body at a signed URL, without session or XHR marker, and keeps it as sent', async () => {
    const key = randomUUID();
    const { url } = await storage.signUpload(key, 60);
    const res = await put(url, '{"not":"parsed"}', { 'content-type': 'application/json' });
    expect(res.status).toBe(200);
    expect((await storage.read(key, 1000))!.toString()).toBe('{"not":"parsed"}');
    // No content type at all works too; a second PUT replaces the object.
    expect((await put(url, new Uint8Array([1, 2, 3]))).status).toBe(200);
    expect([...(await storage.read(key, 1000))!]).toEqual([1, 2, 3]);
    // The signed file is inside DATA_DIR/files, named by its key only.
    expect(fs.existsSync(path.join(dataDir, 'files', key.slice(0, 2), key))).toBe(true);
  });

  it('refuses tampered and expired signatures with 403 in the error shape, and stores nothing', async () => {
    const key = randomUUID();
    const { url } = await storage.signUpload(key, 60);
    const signed = new URL(url, app.url);
    const tampered: URL[] = [];
    const badSignature = new URL(signed);
    const signature = signed.searchParams.get('signature')!;
    badSignature.searchParams.set('signature', `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`);
    tampered.push(badSignature);
    const laterExpiry = new URL(signed);
    laterExpiry.searchParams.set('expires', String(Number(signed.searchParams.get('expires')) + 3600));
    tampered.push(laterExpiry);
    const otherKey = new URL(signed);
    otherKey.pathname = `/api/storage/${randomUUID()}`;
    tampered.push(otherKey);
    const noSignature = new URL(signed);
    noSignature.searchParams.delete('signature');
    tampered.push(noSignature);
    const traversal = new URL(signed);
    traversal.pathname = `/api/storage/..%2F..%2Fhearth.lock`;
    tampered.push(traversal);
    for (const target of tampered) {
      const res = await fetch(target, { method: 'PUT', body: 'evil' });
      expect(res.status, target.toString()).toBe(403);
      expect(await res.json()).toEqual({ error: 'This link is not valid.' });
    }
    // A PUT signature does not open the object for reading.
    expect((await fetch(signed)).status).toBe(403);

    const expired = await storage.signUpload(key, -5);
    const late = await put(expired.url, 'late');
    expect(late.status).toBe(403);
    expect(await late.json()).toEqual({ error: 'This link has expired. Please try again.' });

    // Only the genuine URL stores bytes: none of the attempts above left anything.
    expect((await put(url, 'genuine')).status).toBe(200);
    expect((await storage.read(key, 100))!.toString()).toBe('genuine');
    expect(await storage.head(otherKey.pathname.split('/').pop()!)).toBeNull();
  });

  it('serves a signed GET with the headers it was signed for, and refuses a changed header', async () => {
    const key = randomUUID();
    await storage.write(key, Buffer.from('<b>hello</b>'));
    const { url } = await storage.signDownload(
      key,
      { contentType: 'text/plain; charset=utf-8', contentDisposition: "attachment; filename*=UTF-8''a.txt" },
      60,
    );
    const res = await fetch(new URL(url, app.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''a.txt");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(await res.text()).toBe('<b>hello</b>');

    const changed = new URL(url, app.url);
    changed.searchParams.set('type', 'text/html');
    expect((await fetch(changed)).status).toBe(403);
  });
});

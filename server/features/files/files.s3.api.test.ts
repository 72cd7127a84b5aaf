import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../../adapters/storage/s3-storage';
import { memberWithClient } from '../../../tests/support/factories';
import { jpeg, putBytes, requestUpload } from '../../../tests/support/file-factories';
import { startS3Server } from '../../../tests/support/s3-server';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { storageKeys } from './files.keys';

/**
 * STORAGE=s3 against a real S3-compatible server (s3rver). s3rver does not verify signatures, so
 * these tests show the flow works (presigned PUT, server-side reads and writes, presigned GET with
 * the headers Hearth chose), not that a tampered URL is refused: that is tested on the local store.
 */
describe('files on an S3-compatible store', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let app: TestApp;
  let dataDir: string;
  let storage: S3Storage;

  beforeAll(async () => {
    s3 = await startS3Server();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-files-s3-'));
    app = await createTestApp({ config: { dataDir, storage: s3.storage, uploadMaxBytes: 100_000 } });
    storage = app.context.storage as S3Storage;
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('has no local storage routes', async () => {
    expect(storage.kind).toBe('s3');
    const res = await fetch(`${app.url}/api/storage/${randomUUID()}?expires=1&signature=x`);
    expect(res.status).toBe(404);
  });

  it('uploads through a presigned PUT, checks and re-encodes, and redirects GET to a presigned URL', async () => {
    const { client } = await memberWithClient(app);
    const created = await requestUpload(client, { name: 'Beach.jpg' });
    expect(created.body.url).toMatch(new RegExp(`^${s3.storage.endpoint}/hearth-test/${created.body.id}\\?`));
    expect(created.body.url).toContain('X-Amz-Signature=');
    expect(created.body.url).toContain('X-Amz-Expires=900');
    expect((await putBytes(app, created.body.url, await jpeg(80, 60))).status).toBe(200);

    const done = await client.patch(`/api/file_requests/${created.body.id}`, { status: 'uploaded' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ content_type: 'image/webp', width: 80, height: 60 });
    const keys = storageKeys(created.body.id);
    expect(await storage.head(keys.upload)).toBeNull();
    expect(await storage.head(keys.image)).toEqual({ size: done.body.file_size });

    const post = await client.post('/api/posts', { post: { tldr: 'Sea', file_request_id: created.body.id } });
    expect(post.status).toBe(201);
    const redirect = await client.get(post.body.file_url);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('cache-control')).toBe('private, max-age=300');
    expect(redirect.headers.get('x-content-type-options')).toBe('nosniff');
    const location = redirect.headers.get('location')!;
    expect(location).toContain(`/hearth-test/${keys.image}?`);

    const served = await fetch(location);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('content-disposition')).toBe(
      `inline; filename="Beach.webp"; filename*=UTF-8''Beach.webp`,
    );
    const bytes = Buffer.from(await served.arrayBuffer());
    expect((await sharp(bytes).metadata()).width).toBe(80);

    // A visitor gets no redirect at all for a private file.
    expect((await app.client().get(post.body.file_url)).status).toBe(404);
  });

  it('refuses at PATCH an object larger than the limit (a presigned PUT cannot cap it) and deletes it', async () => {
    const { client } = await memberWithClient(app);
    const created = await requestUpload(client);
    expect((await putBytes(app, created.body.url, new Uint8Array(150_000))).status).toBe(200);
    const res = await client.patch(`/api/file_requests/${created.body.id}`, { status: 'uploaded' });
    expect(res.status).toBe(422);
    expect(res.body.errors.file[0]).toMatch(/is too large/);
    expect(await storage.head(storageKeys(created.body.id).upload)).toBeNull();
  });

  it('reads, refuses oversized reads, and deletes idempotently', async () => {
    const key = randomUUID();
    await storage.write(key, Buffer.from('hello'), 'text/plain');
    expect((await storage.read(key, 10))!.toString()).toBe('hello');
    await expect(storage.read(key, 3)).rejects.toThrow(/exceeds 3 bytes/);
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.read(key, 10)).toBeNull();
    expect(await storage.head(key)).toBeNull();
  });
});

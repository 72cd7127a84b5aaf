import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithClient } from '../../../tests/support/factories';
import { fetchBytes, uploadAccepted } from '../../../tests/support/file-factories';
import { startS3Server } from '../../../tests/support/s3-server';
import { createPostAs } from '../../../tests/support/social-factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { openZip } from '../../../tests/support/zip';
import { exportStorageKey } from './data-exports.build';

/** STORAGE=s3: the member's files are read from the bucket and the zip is stored there (s3rver). */
describe('export my data on an S3-compatible store', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let app: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-exports-s3-'));
    app = await createTestApp({ config: { dataDir, storage: s3.storage } });
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'builds the zip from the bucket, stores it there and streams it to its owner',
    { timeout: 90_000 },
    async () => {
      expect(app.context.storage.kind).toBe('s3');
      const { client } = await memberWithClient(app);
      await createPostAs(client, { tldr: 'Kept in a bucket' });
      await uploadAccepted(app, client, {
        name: 'list.txt',
        bytes: Buffer.from('eggs\nflour\n'),
        contentType: 'text/plain',
      });
      const started = await client.post('/api/account/exports');
      expect(started.status).toBe(202);
      const deadline = Date.now() + 40_000;
      let ready;
      while (!ready) {
        const [latest] = (await client.get('/api/account/exports')).body;
        if (latest.status === 'ready') ready = latest;
        else if (Date.now() > deadline || latest.status === 'failed')
          throw new Error(`export ${latest.status}`);
        else await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await app.context.storage.head(exportStorageKey(started.body.id))).toEqual({
        size: ready.byte_size,
      });
      const { response, bytes } = await fetchBytes(client, ready.download_url);
      expect(response.status).toBe(200);
      const zip = openZip(bytes);
      expect(zip.text('files/list.txt')).toBe('eggs\nflour\n');
      expect(zip.json('posts.json').map((post: { tldr: string }) => post.tldr)).toEqual(['Kept in a bucket']);
    },
  );
});

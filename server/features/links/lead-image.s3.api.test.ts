import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { links } from '../../db/schema';
import { createMember } from '../../../tests/support/factories';
import { startS3Server } from '../../../tests/support/s3-server';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { leadImageStorageKey } from './pipeline/lead-image';

/** STORAGE=s3: a published link's lead image is a redirect to a presigned GET with Hearth's headers. */
describe('lead images on an S3-compatible store', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let app: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-lead-s3-'));
    app = await createTestApp({ config: { dataDir, storage: s3.storage } });
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function linkWithImage(visibility: 'private' | 'published') {
    const owner = await createMember(app);
    const url = `https://news.example.test/${visibility}-${Date.now()}`;
    const [row] = await app.context.db
      .insert(links)
      .values({
        userId: owner.id,
        url,
        normalizedUrl: url,
        domain: 'news.example.test',
        visibility,
        status: 'ready',
        title: 'A story',
        sentenceSummary: 'One sentence.',
        paragraphSummary: 'A few sentences.',
        markdownContent: '# A story',
        safetyVerdict: 'safe',
        safetyReasons: [],
      })
      .returning();
    const key = leadImageStorageKey(row!.id);
    const image = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#39c' } })
      .webp()
      .toBuffer();
    await app.context.storage.write(key, image, 'image/webp');
    await app.context.db.update(links).set({ leadImageKey: key }).where(eq(links.id, row!.id));
    return { id: row!.id, key };
  }

  it('redirects a visitor to the stored copy of a published link’s image', async () => {
    const { id, key } = await linkWithImage('published');
    const redirect = await app.client().get(`/api/published_links/${id}/lead_image`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('cache-control')).toBe('public, max-age=60');
    const location = redirect.headers.get('location')!;
    expect(location).toContain(`/hearth-test/${key}?`);
    const served = await fetch(location);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(60);
  });

  it('gives a visitor no redirect at all for a private link’s image', async () => {
    const { id } = await linkWithImage('private');
    expect((await app.client().get(`/api/published_links/${id}/lead_image`)).status).toBe(404);
  });
});

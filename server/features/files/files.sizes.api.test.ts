import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithClient } from '../../../tests/support/factories';
import { fetchBytes, jpeg, png, uploadAccepted } from '../../../tests/support/file-factories';
import { addToGroup, createGroupAs } from '../../../tests/support/social-factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { storageKeys } from './files.keys';

/**
 * A post photo's other WebP widths (ADR 050): written with the upload, offered in the post's
 * `sizes`, served by the one file route to exactly those who may see the photo, and made from the
 * stored image the first time they are asked for when a photo predates them.
 */
describe('photo sizes for srcset', () => {
  let app: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-sizes-'));
    app = await createTestApp({ config: { dataDir } });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps 240, 360, 480 and 1280 px WebP beside the thumbnail, re-encoded, for members of the group only', async () => {
    const owner = await memberWithClient(app);
    const member = await memberWithClient(app);
    const outsider = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    await addToGroup(app, group.id, member.member.id, 'Poster');
    const wide = await uploadAccepted(app, owner.client, { name: 'wide.jpg', bytes: await jpeg(1800, 900) });
    const small = await uploadAccepted(app, owner.client, { name: 'small.png', bytes: await png(200, 150) });
    // Written at upload, beside the thumbnail.
    for (const key of ['w240', 'w360', 'w480', 'w1280'] as const) {
      expect(await app.context.storage.head(storageKeys(wide.id)[key]), key).not.toBeNull();
      expect(await app.context.storage.head(storageKeys(small.id)[key]), key).toBeNull();
    }

    const post = await owner.client.post('/api/posts', {
      post: { tldr: 'Wide and small', group_id: group.id, file_request_ids: [wide.id, small.id] },
    });
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    const [first, second] = (await member.client.get(`/api/posts/${post.body.id}`)).body.files;
    expect(first.sizes).toEqual([
      { width: 240, url: `/api/files/${wide.id}?variant=w240` },
      { width: 360, url: `/api/files/${wide.id}?variant=w360` },
      { width: 480, url: `/api/files/${wide.id}?variant=w480` },
      { width: 960, url: `/api/files/${wide.id}?variant=thumbnail` },
      { width: 1280, url: `/api/files/${wide.id}?variant=w1280` },
      { width: 1800, url: `/api/files/${wide.id}` },
    ]);
    // A photo narrower than every size is its own thumbnail: one width.
    expect(second.sizes).toEqual([{ width: 200, url: `/api/files/${small.id}?variant=thumbnail` }]);

    const original = await fetchBytes(member.client, `/api/files/${wide.id}`);
    for (const width of [240, 360, 480, 1280]) {
      const served = await fetchBytes(member.client, `/api/files/${wide.id}?variant=w${width}`);
      expect(served.response.status).toBe(200);
      expect(served.response.headers.get('content-type')).toBe('image/webp');
      expect(served.response.headers.get('content-disposition')).toMatch(/^inline; filename="wide.webp"/);
      expect(served.response.headers.get('etag')).toBe(`"${wide.id}-w${width}"`);
      const meta = await sharp(served.bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: width / 2 });
      expect(meta.exif).toBeUndefined();
      expect(served.bytes.equals(original.bytes)).toBe(false);
    }
    // No size wider than the photo, and none for another member's file id or a visitor.
    expect((await fetchBytes(member.client, `/api/files/${small.id}?variant=w480`)).response.status).toBe(
      404,
    );
    expect((await fetchBytes(outsider.client, `/api/files/${wide.id}?variant=w480`)).response.status).toBe(
      404,
    );
    expect((await fetchBytes(app.client(), `/api/files/${wide.id}?variant=w1280`)).response.status).toBe(404);
  });

  it('a photo from before the sizes gets each when first asked, then served as stored', async () => {
    const { client } = await memberWithClient(app);
    const photo = await uploadAccepted(app, client, { name: 'old.png', bytes: await png(1400, 1050) });
    await client.post('/api/posts', { post: { tldr: 'Old photo', file_request_ids: [photo.id] } });
    // As a photo uploaded before ADR 050 is: no sized objects.
    await app.context.storage.delete(storageKeys(photo.id).w480);
    await app.context.storage.delete(storageKeys(photo.id).w1280);

    const made = await fetchBytes(client, `/api/files/${photo.id}?variant=w480`);
    expect(made.response.status).toBe(200);
    expect(await sharp(made.bytes).metadata()).toMatchObject({ format: 'webp', width: 480, height: 360 });
    expect(await app.context.storage.head(storageKeys(photo.id).w480)).toEqual({ size: made.bytes.length });
    expect(await app.context.storage.head(storageKeys(photo.id).w1280)).toBeNull();
    const again = await fetchBytes(client, `/api/files/${photo.id}?variant=w480`);
    expect(again.bytes.equals(made.bytes)).toBe(true);
  });

  it('publishes the sizes with the post, withdraws them when unpublished, hides them from a blocked member', async () => {
    const { client, member: author } = await memberWithClient(app);
    const other = await memberWithClient(app);
    const photo = await uploadAccepted(app, client, { name: 'fete.jpg', bytes: await jpeg(1600, 1200) });
    const post = await client.post('/api/posts', { post: { tldr: 'Fête', file_request_ids: [photo.id] } });
    const sized = `/api/files/${photo.id}?variant=w1280`;
    const published = await client.post('/api/public_posts', {
      public_post: { post_id: post.body.id, slug: `fete-${Date.now()}` },
    });
    expect(published.status).toBe(201);
    expect((await fetchBytes(app.client(), sized)).response.status).toBe(200);
    expect((await client.delete(`/api/public_posts/${published.body.id}`)).status).toBe(200);
    expect((await fetchBytes(app.client(), sized)).response.status).toBe(404);

    expect((await fetchBytes(other.client, sized)).response.status).toBe(200);
    expect((await other.client.post('/api/blocks', { user_id: author.id })).status).toBe(201);
    expect((await fetchBytes(other.client, sized)).response.status).toBe(404);
  });

  it('refuses an unknown variant with the error shape', async () => {
    const { client } = await memberWithClient(app);
    const photo = await uploadAccepted(app, client, { name: 'a.png', bytes: await png(600, 400) });
    const res = await client.get(`/api/files/${photo.id}?variant=w640`);
    expect(res.status).toBe(422);
    expect(res.body.errors.variant).toEqual([
      'must be original, thumbnail, poster, w240, w360, w480 or w1280',
    ]);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithClient } from '../../../tests/support/factories';
import { fetchBytes, jpeg, png, uploadAccepted } from '../../../tests/support/file-factories';
import { addToGroup, createGroupAs } from '../../../tests/support/social-factories';
import { createTestApp, waitForJobsDone, type TestApp } from '../../../tests/support/test-app';
import { storageKeys } from './files.keys';
import { FILES_READ_IMAGE_JOB } from './files.reading';

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

  it('the worker keeps 240, 360 and 480 px as AVIF too, served to browsers that take it and to members only', async () => {
    const owner = await memberWithClient(app);
    const member = await memberWithClient(app);
    const outsider = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    await addToGroup(app, group.id, member.member.id, 'Poster');
    // Fields of colour, as a photo has and a flat test picture lacks: AVIF's gain is on pictures like phones take.
    const fields = Buffer.alloc(90 * 45 * 3);
    for (let i = 0, seed = 7; i < fields.length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      fields[i] = seed >> 23;
    }
    const grain = await sharp(fields, { raw: { width: 90, height: 45, channels: 3 } })
      .resize(1800, 900, { kernel: 'cubic' })
      .jpeg({ quality: 90 })
      .toBuffer();
    const wide = await uploadAccepted(app, owner.client, { name: 'wide.jpg', bytes: grain });
    // A flat one (a drawing, a screenshot) is smaller as WebP: it keeps WebP alone.
    const flat = await uploadAccepted(app, owner.client, { name: 'flat.jpg', bytes: await jpeg(1800, 900) });
    const post = await owner.client.post('/api/posts', {
      post: { tldr: 'A wide one', group_id: group.id, file_request_ids: [wide.id, flat.id] },
    });
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    await waitForJobsDone(app, FILES_READ_IMAGE_JOB, { timeoutMs: 60_000 });
    expect(await app.context.storage.head(storageKeys(wide.id).avif240)).not.toBeNull();
    expect(await app.context.storage.head(storageKeys(flat.id).avif240)).toBeNull();

    const asked = (client: typeof member.client, variant: string, accept: string, fileId = wide.id) =>
      fetch(`${client.baseUrl}/api/files/${fileId}?variant=${variant}`, {
        headers: { accept, cookie: `hearth_session=${client.cookie('hearth_session') ?? ''}` },
      });
    const chromeAccept = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
    for (const width of [240, 360, 480]) {
      const response = await asked(member.client, `w${width}`, chromeAccept);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/avif');
      expect(response.headers.get('etag')).toBe(`"${wide.id}-w${width}-avif"`);
      expect(response.headers.get('vary')).toBe('Cookie, Accept');
      expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="wide.avif"/);
      const bytes = Buffer.from(await response.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'heif', compression: 'av1', width, height: width / 2 });
      expect(meta.exif).toBeUndefined();
      // Smaller than the same width as WebP, which a browser that does not take AVIF still gets.
      const webp = await asked(member.client, `w${width}`, 'image/webp,*/*');
      expect(webp.headers.get('content-type')).toBe('image/webp');
      expect(webp.headers.get('vary')).toBe('Cookie, Accept');
      expect(bytes.length).toBeLessThan((await webp.arrayBuffer()).byteLength);
    }
    const flatWidth = await asked(member.client, 'w240', chromeAccept, flat.id);
    expect(flatWidth.headers.get('content-type')).toBe('image/webp');
    // AVIF refused outright (q=0), the viewer's width and the thumbnail stay WebP.
    expect(
      (await asked(member.client, 'w240', 'image/avif;q=0, image/webp')).headers.get('content-type'),
    ).toBe('image/webp');
    expect((await asked(member.client, 'w1280', chromeAccept)).headers.get('content-type')).toBe(
      'image/webp',
    );
    expect((await asked(member.client, 'thumbnail', chromeAccept)).headers.get('content-type')).toBe(
      'image/webp',
    );
    // Who may see the photo is decided first: the same 404 for an outsider asking for AVIF.
    expect((await asked(outsider.client, 'w240', chromeAccept)).status).toBe(404);
    // Deleting the post withdraws its AVIF widths with the rest.
    expect((await owner.client.delete(`/api/posts/${post.body.id}`)).status).toBeLessThan(300);
    expect((await asked(member.client, 'w240', chromeAccept)).status).toBe(404);
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

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPosts } from '../../db/schema';
import { memberWithClient } from '../../../tests/support/factories';
import {
  fetchBytes,
  jpeg,
  png,
  putBytes,
  requestUpload,
  uploadAccepted,
  uploadFile,
} from '../../../tests/support/file-factories';
import { addToGroup, createGroupAs, memberOfAnotherGroup } from '../../../tests/support/social-factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { TestClient } from '../../../tests/support/test-client';

/** Uploads (spec sections 3, 4, 7) and who may fetch a file (ARCHITECTURE.md "Who sees what"). */
describe('uploads and file serving', () => {
  let app: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-files-'));
    app = await createTestApp({ config: { dataDir } });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function postWithFile(client: TestClient, fileId: string, groupId?: string) {
    const res = await client.post('/api/posts', {
      post: { tldr: 'With a file', content: '', file_request_id: fileId, group_id: groupId ?? null },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  }

  it('uploads, attaches and serves an image: create → PUT → PATCH → post → GET', async () => {
    const { client } = await memberWithClient(app);
    const created = await requestUpload(client, { name: 'Holiday photo.jpg' });
    expect(created.body).toMatchObject({ method: 'PUT', max_size: 26_214_400 });
    expect(created.body.url).toMatch(/^\/api\/storage\/[0-9a-f-]{36}\?expires=\d+&signature=/);
    const expiresIn = Date.parse(created.body.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(14 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60_000);

    const pending = await client.get(`/api/file_requests/${created.body.id}`);
    expect(pending.body).toMatchObject({ status: 'pending', url: null, has_image: false });

    // Plain fetch, as a browser PUTs a File: no cookie, no XHR marker.
    const put = await putBytes(app, created.body.url, await jpeg(64, 48), { 'content-type': 'image/jpeg' });
    expect(put.status).toBe(200);

    const done = await client.patch(`/api/file_requests/${created.body.id}`, {
      status: 'uploaded',
      file_size: 1234,
      content_type: 'image/jpeg',
      last_modified: 1_700_000_000_000,
    });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      id: created.body.id,
      name: 'Holiday photo.jpg',
      file_type: 'post_attachment',
      status: 'uploaded',
      file_size: expect.any(Number),
      content_type: 'image/webp',
      last_modified: new Date(1_700_000_000_000).toISOString(),
      url: `/api/files/${created.body.id}`,
      thumbnail_url: `/api/files/${created.body.id}?variant=thumbnail`,
      has_image: true,
      width: 64,
      height: 48,
      // The worker reads the photo next, for a description draft (ADR 051).
      alt_draft: { status: 'reading', text: null },
    });
    // Completing again answers the finished file unchanged (but for the draft, read meanwhile or not).
    const unchanged = (body: Record<string, unknown>) => ({ ...body, alt_draft: 'either' });
    const again = await client.patch(`/api/file_requests/${created.body.id}`, { status: 'uploaded' });
    expect(unchanged(again.body)).toEqual(unchanged(done.body));
    expect(unchanged((await client.get(`/api/file_requests/${created.body.id}`)).body)).toEqual(
      unchanged(done.body),
    );

    const post = await postWithFile(client, created.body.id);
    expect(post).toMatchObject({
      file_url: `/api/files/${created.body.id}`,
      file_name: 'Holiday photo.jpg',
      file_size: done.body.file_size,
      file_width: 64,
      file_height: 48,
      thumbnail_url: `/api/files/${created.body.id}?variant=thumbnail`,
      has_image: true,
    });

    const { response, bytes } = await fetchBytes(client, post.file_url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(response.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(response.headers.get('vary')).toBe('Cookie');
    expect(response.headers.get('content-disposition')).toBe(
      `inline; filename="Holiday photo.webp"; filename*=UTF-8''Holiday%20photo.webp`,
    );
    expect(bytes.length).toBe(done.body.file_size);
    expect((await sharp(bytes).metadata()).format).toBe('webp');

    const thumbnail = await fetchBytes(client, post.thumbnail_url);
    expect(thumbnail.response.status).toBe(200);
    expect((await sharp(thumbnail.bytes).metadata()).format).toBe('webp');

    const cookie = { cookie: `hearth_session=${client.cookie('hearth_session')}` };
    const head = await fetch(app.url + post.file_url, { method: 'HEAD', headers: cookie });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    const etag = response.headers.get('etag')!;
    const cached = await fetch(app.url + post.file_url, { headers: { ...cookie, 'if-none-match': etag } });
    expect(cached.status).toBe(304);
  });

  it('serves other files as downloads, with the type found in the bytes, never the claimed one', async () => {
    const { client } = await memberWithClient(app);
    const text = await uploadAccepted(app, client, {
      name: 'Notes ünïcode "final".txt',
      bytes: new TextEncoder().encode('Shopping list\n- bread\n- tea\n'),
      contentType: 'text/html',
    });
    expect(text).toMatchObject({
      content_type: 'text/plain; charset=utf-8',
      has_image: false,
      thumbnail_url: null,
    });
    const served = await fetchBytes(client, text.url);
    expect(served.response.status).toBe(200);
    expect(served.response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(served.response.headers.get('content-disposition')).toBe(
      `attachment; filename="Notes _n_code _final_.txt"; filename*=UTF-8''Notes%20%C3%BCn%C3%AFcode%20_final_.txt`,
    );
    expect(served.bytes.toString()).toBe('Shopping list\n- bread\n- tea\n');
    expect((await fetchBytes(client, `${text.url}?variant=thumbnail`)).response.status).toBe(404);
    expect(await postWithFile(client, text.id)).toMatchObject({
      has_image: false,
      file_width: null,
      file_height: null,
    });

    const pdf = await uploadAccepted(app, client, {
      name: 'report.pdf',
      bytes: new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
      contentType: 'image/png',
    });
    expect(pdf.content_type).toBe('application/pdf');
    const pdfServed = await fetchBytes(client, pdf.url);
    expect(pdfServed.response.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(pdfServed.response.headers.get('content-type')).toBe('application/pdf');
  });

  it("keeps a member's files their own: PATCH, GET and attach by another member fail", async () => {
    const owner = await memberWithClient(app);
    const other = await memberWithClient(app);
    const pending = await requestUpload(owner.client);
    await putBytes(app, pending.body.url, await jpeg());
    expect(
      (await other.client.patch(`/api/file_requests/${pending.body.id}`, { status: 'uploaded' })).status,
    ).toBe(404);
    expect((await other.client.get(`/api/file_requests/${pending.body.id}`)).status).toBe(404);

    const file = await uploadAccepted(app, owner.client, { bytes: await jpeg() });
    const attach = await other.client.post('/api/posts', {
      post: { tldr: 'Mine now', file_request_id: file.id },
    });
    expect(attach.status).toBe(422);
    expect(attach.body.errors.file_request_id).toBeDefined();
    // Unattached: only its owner sees it.
    expect((await fetchBytes(owner.client, file.url)).response.status).toBe(200);
    expect((await fetchBytes(other.client, file.url)).response.status).toBe(404);
    expect((await fetchBytes(app.client(), file.url)).response.status).toBe(404);
  });

  it('serves nothing that was not checked, not even to its owner', async () => {
    const { client } = await memberWithClient(app);
    const created = await requestUpload(client);
    expect((await putBytes(app, created.body.url, await jpeg())).status).toBe(200);
    expect((await fetchBytes(client, `/api/files/${created.body.id}`)).response.status).toBe(404);
    const attach = await client.post('/api/posts', {
      post: { tldr: 'Too soon', file_request_id: created.body.id },
    });
    expect(attach.status).toBe(422);
  });

  it("shows a group post's file to the group only, and to everyone once the post is published", async () => {
    const owner = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    const member = await memberWithClient(app);
    await addToGroup(app, group.id, member.member.id, 'Commentor');
    const outsider = await memberOfAnotherGroup(app);
    const visitor = app.client();

    const file = await uploadAccepted(app, owner.client, { bytes: await jpeg() });
    const post = await postWithFile(owner.client, file.id, group.id);
    expect((await fetchBytes(member.client, file.url)).response.status).toBe(200);
    expect((await fetchBytes(member.client, file.thumbnail_url!)).response.status).toBe(200);
    const hidden = await fetchBytes(outsider.client, file.url);
    expect(hidden.response.status).toBe(404);
    expect(JSON.parse(hidden.bytes.toString())).toEqual({ error: 'Not found.' });
    expect((await fetchBytes(visitor, file.url)).response.status).toBe(404);

    await app.context.db
      .insert(publicPosts)
      .values({ postId: post.id, userId: owner.member.id, slug: `pub-${file.id}` });
    const open = await fetchBytes(visitor, file.url);
    expect(open.response.status).toBe(200);
    expect(open.response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(open.response.headers.get('vary')).toBeNull();
    expect((await fetchBytes(outsider.client, file.thumbnail_url!)).response.status).toBe(200);
    const published = await visitor.get(`/api/published_posts/pub-${file.id}`);
    expect(published.body).toMatchObject({ id: post.id, has_image: true, file_width: 64, file_height: 48 });
  });

  it("shows an open post's file to every member, but not to visitors", async () => {
    const author = await memberWithClient(app);
    const reader = await memberWithClient(app);
    const file = await uploadAccepted(app, author.client, { bytes: await png() });
    await postWithFile(author.client, file.id);
    expect((await fetchBytes(reader.client, file.url)).response.status).toBe(200);
    expect((await fetchBytes(app.client(), file.url)).response.status).toBe(404);
  });

  it('makes a profile picture the avatar: square, public; a new one replaces it; DELETE removes it', async () => {
    const { member, client } = await memberWithClient(app);
    const first = await uploadAccepted(app, client, {
      name: 'me.png',
      file_type: 'profile',
      bytes: await png(300, 200),
    });
    expect(first).toMatchObject({ width: 512, height: 512, has_image: true, content_type: 'image/webp' });
    expect((await client.get('/api/auth')).body.avatar).toBe(`/api/files/${first.id}`);
    expect((await client.get('/api/profile')).body.avatar).toBe(`/api/files/${first.id}`);
    const post = await postWithFile(client, (await uploadAccepted(app, client, { bytes: await jpeg() })).id);
    expect((await client.get(`/api/posts/${post.id}`)).body.avatar).toBe(`/api/files/${first.id}`);

    // An avatar is public: visitors see it on published posts.
    const seen = await fetchBytes(app.client(), first.url);
    expect(seen.response.status).toBe(200);
    expect(seen.response.headers.get('cache-control')).toBe('public, max-age=60');
    const { width, height } = await sharp(seen.bytes).metadata();
    expect([width, height]).toEqual([512, 512]);

    const second = await uploadAccepted(app, client, { file_type: 'profile', bytes: await jpeg(100, 400) });
    expect((await client.get('/api/auth')).body.avatar).toBe(`/api/files/${second.id}`);
    // The replaced picture is private again (the cleanup job removes it later).
    expect((await fetchBytes(app.client(), first.url)).response.status).toBe(404);
    expect((await fetchBytes(client, first.url)).response.status).toBe(200);

    const removed = await client.delete('/api/profile/avatar');
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: member.id, avatar: null });
    expect((await client.get('/api/auth')).body.avatar).toBeNull();

    const notAnImage = await uploadFile(app, client, {
      file_type: 'profile',
      bytes: new TextEncoder().encode('not a picture'),
    });
    expect(notAnImage.completed.status).toBe(422);
    expect(notAnImage.completed.body.errors.file[0]).toMatch(/must be an image/);
  });
});

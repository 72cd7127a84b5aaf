import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, posts, searchEntries } from '../../db/schema';
import { memberWithClient } from '../../../tests/support/factories';
import { fetchBytes, jpeg, png, uploadAccepted, uploadFile } from '../../../tests/support/file-factories';
import { addToGroup, createGroupAs } from '../../../tests/support/social-factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { TestClient } from '../../../tests/support/test-client';
import { sweepFiles } from '../files/files.job';
import { indexPost } from '../search/search.indexer';

/** Several files per post (ADR 048): all or none, in order, each seen only as the post is. */
describe('posts with several files', () => {
  let app: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-post-files-'));
    app = await createTestApp({ config: { dataDir } });
  });
  afterAll(async () => {
    await app.close();
    // A photo's reading or the search index may still be finishing a write under the folder after
    // the queue's graceful stop gave up on it: retry instead of failing on a folder that refills.
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  });

  /** `count` small photos of different sizes, uploaded and checked, in order. */
  async function photos(client: TestClient, count: number) {
    const uploaded = [];
    for (let i = 0; i < count; i++) {
      uploaded.push(
        await uploadAccepted(app, client, { name: `photo-${i}.jpg`, bytes: await jpeg(40 + i * 10, 30) }),
      );
    }
    return uploaded;
  }

  async function postCountOf(userId: string) {
    const [row] = await app.context.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(posts)
      .where(eq(posts.userId, userId));
    return row!.n;
  }

  it('creates a post with every listed file in order; file_url describes the first', async () => {
    const { client } = await memberWithClient(app);
    const [a, b, c, d] = await photos(client, 4);
    const order = [c!, a!, d!, b!];
    const res = await client.post('/api/posts', {
      post: {
        tldr: 'The match',
        content: '',
        file_request_ids: order.map((file) => file.id),
        file_alts: { [a!.id]: '  The captain lifting the cup  ' },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.files.map((file: { id: string }) => file.id)).toEqual(order.map((file) => file.id));
    expect(res.body.files[0]).toEqual({
      id: c!.id,
      url: `/api/files/${c!.id}`,
      thumbnail_url: `/api/files/${c!.id}?variant=thumbnail`,
      name: 'photo-2.jpg',
      content_type: 'image/webp',
      size: expect.any(Number),
      width: 60,
      height: 30,
      alt: '',
      duration_ms: null,
      poster_url: null,
      // Narrower than every sized width: its thumbnail is its one size (ADR 050).
      sizes: [{ width: 60, url: `/api/files/${c!.id}?variant=thumbnail` }],
    });
    expect(res.body.files[1].alt).toBe('The captain lifting the cup');
    expect(res.body).toMatchObject({ file_url: `/api/files/${c!.id}`, has_image: true, file_width: 60 });

    const detail = await client.get(`/api/posts/${res.body.id}`);
    expect(detail.body.files).toEqual(res.body.files);
    const timeline = await client.get('/api/posts');
    const card = timeline.body.find((post: { id: string }) => post.id === res.body.id);
    expect(card.files).toEqual(res.body.files);
  });

  it('keeps file_request_id as it was: one attachment, listed as the only file', async () => {
    const { client } = await memberWithClient(app);
    const [only] = await photos(client, 1);
    const res = await client.post('/api/posts', { post: { tldr: 'One', file_request_id: only!.id } });
    expect(res.status).toBe(201);
    expect(res.body.file_url).toBe(`/api/files/${only!.id}`);
    expect(res.body.files.map((file: { id: string }) => file.id)).toEqual([only!.id]);
    const none = await client.post('/api/posts', { post: { tldr: 'No file' } });
    expect(none.body).toMatchObject({ files: [], file_url: null, has_image: false });
  });

  it('refuses the whole post when one file may not be attached, and attaches none of them', async () => {
    const author = await memberWithClient(app);
    const other = await memberWithClient(app);
    const mine = await photos(author.client, 2);
    const [theirs] = await photos(other.client, 1);
    const before = await postCountOf(author.member.id);

    const foreign = await author.client.post('/api/posts', {
      post: { tldr: 'Borrowed', file_request_ids: [mine[0]!.id, theirs!.id, mine[1]!.id] },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.file_request_ids[0]).toBe(
      '1 of these is not an uploaded attachment of yours that no other post holds',
    );
    expect(await postCountOf(author.member.id)).toBe(before);

    // Nothing was attached: the same files make a post now.
    const ok = await author.client.post('/api/posts', {
      post: { tldr: 'Mine', file_request_ids: mine.map((file) => file.id) },
    });
    expect(ok.status).toBe(201);

    // …and then they are held: neither list nor single id may take them again.
    const again = await author.client.post('/api/posts', {
      post: { tldr: 'Again', file_request_ids: [mine[1]!.id] },
    });
    expect(again.status).toBe(422);
    const single = await author.client.post('/api/posts', {
      post: { tldr: 'Again', file_request_id: mine[0]!.id },
    });
    expect(single.body.errors.file_request_id[0]).toBe('is not an uploaded attachment of yours');
  });

  it('refuses both ways at once, duplicates, more than 20, bad ids and stray descriptions', async () => {
    const { client, member } = await memberWithClient(app);
    const [a, b] = await photos(client, 2);
    const before = await postCountOf(member.id);
    const refused = async (post: Record<string, unknown>) => {
      const res = await client.post('/api/posts', { post: { tldr: 'Refused', ...post } });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      return res.body.errors;
    };
    expect(
      (await refused({ file_request_id: a!.id, file_request_ids: [b!.id] })).file_request_ids[0],
    ).toMatch(/cannot be given together with file_request_id/);
    expect((await refused({ file_request_ids: [a!.id, b!.id, a!.id] })).file_request_ids).toEqual([
      'lists the same file more than once',
    ]);
    const many = Array.from({ length: 21 }, () => crypto.randomUUID());
    expect((await refused({ file_request_ids: many })).file_request_ids).toEqual([
      'can hold at most 20 files',
    ]);
    expect((await refused({ file_request_ids: ['not-an-id'] })).file_request_ids).toEqual([
      'is not a valid id',
    ]);
    expect((await refused({ file_request_ids: a!.id })).file_request_ids[0]).toBe(
      'must be a list of file ids',
    );
    expect((await refused({ file_request_ids: [a!.id], file_alts: { [b!.id]: 'x' } })).file_alts).toEqual([
      'describes a file the post does not list',
    ]);
    expect(
      (await refused({ file_request_ids: [a!.id], file_alts: { [a!.id]: 'x'.repeat(1501) } })).file_alts,
    ).toEqual(['is too long (maximum is 1500 characters)']);
    expect(await postCountOf(member.id)).toBe(before);
  });

  it('takes 20 files in one post', async () => {
    const { client } = await memberWithClient(app);
    const twenty = await photos(client, 20);
    const res = await client.post('/api/posts', {
      post: { tldr: 'The whole hike', file_request_ids: twenty.map((file) => file.id) },
    });
    expect(res.status).toBe(201);
    expect(res.body.files).toHaveLength(20);
    expect(res.body.files[19].id).toBe(twenty[19]!.id);
  }, 60_000);

  it('never attaches a refused upload: a PNG-headed HTML polyglot stays pending and unusable', async () => {
    const { client } = await memberWithClient(app);
    const [good] = await photos(client, 1);
    const polyglot = Buffer.concat([
      (await png()).subarray(0, 16),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const upload = await uploadFile(app, client, {
      name: 'cat.png',
      contentType: 'image/png',
      bytes: polyglot,
    });
    expect(upload.completed.status).toBe(422);
    const res = await client.post('/api/posts', {
      post: { tldr: 'Sneaky', file_request_ids: [good!.id, upload.id] },
    });
    expect(res.status).toBe(422);
    expect((await fetchBytes(client, `/api/files/${upload.id}`)).response.status).toBe(404);
  });

  it('shows every file of a group post to its members only, and none to a blocked member', async () => {
    const owner = await memberWithClient(app);
    const member = await memberWithClient(app);
    const outsider = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    await addToGroup(app, group.id, member.member.id, 'Poster');
    const three = await photos(owner.client, 3);
    const post = await owner.client.post('/api/posts', {
      post: { tldr: 'Club day', group_id: group.id, file_request_ids: three.map((file) => file.id) },
    });
    expect(post.status).toBe(201);
    for (const file of three) {
      expect((await fetchBytes(member.client, `/api/files/${file.id}`)).response.status).toBe(200);
      expect(
        (await fetchBytes(outsider.client, `/api/files/${file.id}?variant=thumbnail`)).response.status,
      ).toBe(404);
    }

    // A block hides the post's files both ways, as it hides the post.
    const everyone = await photos(owner.client, 2);
    await owner.client.post('/api/posts', {
      post: { tldr: 'For all', file_request_ids: everyone.map((file) => file.id) },
    });
    expect((await fetchBytes(outsider.client, `/api/files/${everyone[1]!.id}`)).response.status).toBe(200);
    expect((await owner.client.post('/api/blocks', { user_id: outsider.member.id })).status).toBe(201);
    for (const file of everyone) {
      expect((await fetchBytes(outsider.client, `/api/files/${file.id}`)).response.status).toBe(404);
    }
    // The author still sees their own.
    expect((await fetchBytes(owner.client, `/api/files/${everyone[1]!.id}`)).response.status).toBe(200);
  });

  it('publishes every file with the post and withdraws them all when unpublished or deleted', async () => {
    const { client } = await memberWithClient(app);
    const other = await memberWithClient(app);
    const visitor = app.client();
    const two = await photos(client, 2);
    const post = await client.post('/api/posts', {
      post: { tldr: 'Public pair', file_request_ids: two.map((file) => file.id) },
    });
    const published = await client.post('/api/public_posts', {
      public_post: { post_id: post.body.id, slug: `pair-${Date.now()}` },
    });
    expect(published.status).toBe(201);
    expect((await fetchBytes(visitor, `/api/files/${two[1]!.id}`)).response.status).toBe(200);
    const shown = await visitor.get(`/api/published_posts/${published.body.slug}`);
    expect(shown.status).toBe(200);
    expect(shown.body.files.map((file: { id: string }) => file.id)).toEqual(two.map((file) => file.id));

    expect((await client.delete(`/api/public_posts/${published.body.id}`)).status).toBe(200);
    expect((await fetchBytes(visitor, `/api/files/${two[1]!.id}`)).response.status).toBe(404);
    expect((await fetchBytes(other.client, `/api/files/${two[1]!.id}`)).response.status).toBe(200);

    expect((await client.delete(`/api/posts/${post.body.id}`)).status).toBe(200);
    for (const file of two) {
      expect((await fetchBytes(other.client, `/api/files/${file.id}`)).response.status).toBe(404);
    }
    // Held by no post any more: the cleanup job removes them once a day has passed.
    await sweepFiles(app.context, new Date(Date.now() + 25 * 3600_000));
    const left = await app.context.db.select({ id: files.id }).from(files).where(eq(files.id, two[1]!.id));
    expect(left).toEqual([]);
  });

  it('lets the author describe a photo later; kept pages show it at once, and search finds it', async () => {
    const author = await memberWithClient(app);
    const reader = await memberWithClient(app);
    const two = await photos(author.client, 2);
    const post = await author.client.post('/api/posts', {
      post: { tldr: 'Beach', file_request_ids: two.map((file) => file.id) },
    });
    // Read (and so keep) the post and the timeline first.
    expect((await reader.client.get(`/api/posts/${post.body.id}`)).body.files[1].alt).toBe('');
    const firstPage = await reader.client.get('/api/posts');
    expect(firstPage.body.find((row: { id: string }) => row.id === post.body.id).files[1].alt).toBe('');

    const word = `sandcastle${Date.now()}`;
    const described = await author.client.patch(`/api/posts/${post.body.id}/files/${two[1]!.id}`, {
      file: { alt: ` A ${word} with a flag ` },
    });
    expect(described.status, JSON.stringify(described.body)).toBe(200);
    expect(described.body.files[1].alt).toBe(`A ${word} with a flag`);
    expect((await reader.client.get(`/api/posts/${post.body.id}`)).body.files[1].alt).toBe(
      `A ${word} with a flag`,
    );
    const page = await reader.client.get('/api/posts');
    expect(page.body.find((row: { id: string }) => row.id === post.body.id).files[1].alt).toBe(
      `A ${word} with a flag`,
    );

    // Others may not; a file the post does not hold is not found; bad input is a 422.
    const url = `/api/posts/${post.body.id}/files/${two[0]!.id}`;
    expect((await reader.client.patch(url, { file: { alt: 'Mine now' } })).status).toBe(403);
    const stray = (await photos(author.client, 1))[0]!;
    expect(
      (await author.client.patch(`/api/posts/${post.body.id}/files/${stray.id}`, { file: { alt: 'x' } }))
        .status,
    ).toBe(404);
    const long = await author.client.patch(url, { file: { alt: 'x'.repeat(1501) } });
    expect(long.status).toBe(422);
    expect(long.body.errors.alt).toEqual(['is too long (maximum is 1500 characters)']);

    await indexPost(app.context, post.body.id);
    const [entry] = await app.context.db
      .select({ extraText: searchEntries.extraText })
      .from(searchEntries)
      .where(eq(searchEntries.postId, post.body.id));
    expect(entry!.extraText).toContain(word);
    const found = await reader.client.post('/api/search', { query: word });
    expect(found.body.map((row: { id: string }) => row.id)).toContain(post.body.id);

    // Described again: found by the new words, no longer by the old.
    const renamed = `lighthouse${Date.now()}`;
    const again = await author.client.patch(`/api/posts/${post.body.id}/files/${two[1]!.id}`, {
      file: { alt: `A ${renamed} at dusk` },
    });
    expect(again.status).toBe(200);
    await indexPost(app.context, post.body.id);
    const ids = async (query: string) =>
      (await reader.client.post('/api/search', { query })).body.map((row: { id: string }) => row.id);
    expect(await ids(renamed)).toContain(post.body.id);
    expect(await ids(word)).not.toContain(post.body.id);
  }, 60_000);

  it('hides a group post’s files from the description call as the post is hidden', async () => {
    const owner = await memberWithClient(app);
    const outsider = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    const [one] = await photos(owner.client, 1);
    const post = await owner.client.post('/api/posts', {
      post: { tldr: 'Private', group_id: group.id, file_request_ids: [one!.id] },
    });
    const res = await outsider.client.patch(`/api/posts/${post.body.id}/files/${one!.id}`, {
      file: { alt: 'peek' },
    });
    expect(res.status).toBe(404);
  });

  it('lists a group’s photos for its members, newest post first, paged, hiding what blocks hide', async () => {
    const owner = await memberWithClient(app);
    const member = await memberWithClient(app);
    const outsider = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    await addToGroup(app, group.id, member.member.id, 'Poster');
    const older = await photos(owner.client, 2);
    const first = await owner.client.post('/api/posts', {
      post: { tldr: 'Older', group_id: group.id, file_request_ids: older.map((file) => file.id) },
    });
    await owner.client.post('/api/posts', { post: { tldr: 'Words only', group_id: group.id } });
    const newer = await photos(member.client, 1);
    const second = await member.client.post('/api/posts', {
      post: {
        tldr: 'Newer',
        group_id: group.id,
        file_request_ids: [newer[0]!.id],
        file_alts: { [newer[0]!.id]: 'Medals' },
      },
    });
    // Not in the group: never in its album.
    const [elsewhere] = await photos(owner.client, 1);
    await owner.client.post('/api/posts', { post: { tldr: 'Elsewhere', file_request_ids: [elsewhere!.id] } });

    const url = `/api/groups/${group.id}/photos`;
    const all = await owner.client.get(url);
    expect(all.status).toBe(200);
    expect(all.headers.get('x-has-next-page')).toBe('false');
    expect(
      all.body.map((p: { id: string; post_id: string; index: number }) => [p.id, p.post_id, p.index]),
    ).toEqual([
      [newer[0]!.id, second.body.id, 0],
      [older[0]!.id, first.body.id, 0],
      [older[1]!.id, first.body.id, 1],
    ]);
    expect(all.body[0]).toMatchObject({
      alt: 'Medals',
      post_tldr: 'Newer',
      thumbnail_url: expect.any(String),
    });

    // Paged by posts, with the timeline's cursor headers.
    const page1 = await owner.client.get(`${url}?limit=1`);
    expect(page1.body).toHaveLength(1);
    expect(page1.headers.get('x-has-next-page')).toBe('true');
    const page2 = await owner.client.get(`${url}?limit=1&after=${page1.headers.get('x-next-cursor')}`);
    expect(page2.body.map((p: { id: string }) => p.id)).toEqual([older[0]!.id, older[1]!.id]);

    // Members only; and a block hides the blocked author's photos from the blocker.
    expect((await outsider.client.get(url)).status).toBe(404);
    expect((await owner.client.post('/api/blocks', { user_id: member.member.id })).status).toBe(201);
    const blocked = await owner.client.get(url);
    expect(blocked.body.map((p: { post_id: string }) => p.post_id)).toEqual([first.body.id, first.body.id]);

    // Kept, never stale: a new photo post shows at once.
    const [latest] = await photos(owner.client, 1);
    await owner.client.post('/api/posts', {
      post: { tldr: 'Latest', group_id: group.id, file_request_ids: [latest!.id] },
    });
    expect((await owner.client.get(url)).body[0].id).toBe(latest!.id);
  });
});

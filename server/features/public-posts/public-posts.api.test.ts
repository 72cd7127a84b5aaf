import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { memberWithClient } from '../../../tests/support/factories';
import { createGroupAs, createPostAs, memberInGroup } from '../../../tests/support/social-factories';
import { publishAs, uniqueSlug, walkPages } from '../../../tests/support/public-post-factories';

/** Publishing (POST/GET/DELETE /api/public_posts): the author's side of the public face. */
describe('public posts', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const publish = (client: ReturnType<TestApp['client']>, postId: string, slug: unknown) =>
    client.post('/api/public_posts', { public_post: { post_id: postId, slug } });

  describe('POST /api/public_posts', () => {
    it('publishes the author’s post at {PUBLIC_ORIGIN}/explore/post/{slug}', async () => {
      const { client } = await memberWithClient(app);
      const post = await createPostAs(client, { tldr: 'Hello world' });
      const slug = uniqueSlug('hello');
      const res = await publish(client, post.id, slug);
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(
        ['created_at', 'id', 'post_id', 'public_url', 'slug', 'tldr'].sort(),
      );
      expect(res.body).toMatchObject({
        slug,
        post_id: post.id,
        tldr: 'Hello world',
        public_url: `http://hearth.test/explore/post/${slug}`,
      });
      expect(new Date(res.body.created_at).getTime()).not.toBeNaN();
      // The post now carries its address, for the author's Publish menu and the web app.
      const again = await client.get(`/api/posts/${post.id}`);
      expect(again.body.published).toEqual({ id: res.body.id, slug, public_url: res.body.public_url });
    });

    it('lets only the author publish: 403 on a post another member wrote, 404 on one unseen', async () => {
      const { client: author } = await memberWithClient(app);
      const { client: other } = await memberWithClient(app);
      const open = await createPostAs(author);
      const refused = await publish(other, open.id, uniqueSlug());
      expect(refused.status).toBe(403);
      expect(typeof refused.body.error).toBe('string');

      const group = await createGroupAs(author);
      const inGroup = await createPostAs(author, { group_id: group.id });
      const { client: poster } = await memberInGroup(app, group.id, 'Poster');
      expect((await publish(poster, inGroup.id, uniqueSlug())).status).toBe(403);
      const unseen = await publish(other, inGroup.id, uniqueSlug());
      expect(unseen.status).toBe(404);
      expect(unseen.body).toEqual({ error: expect.any(String) });
      expect((await publish(author, randomUUID(), uniqueSlug())).status).toBe(404);
      expect((await app.client().post('/api/public_posts', {})).status).toBe(401);
    });

    it('lets the author publish a group post (the group’s other posts stay private)', async () => {
      const { client: owner } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const { client: poster } = await memberInGroup(app, group.id, 'Poster');
      const post = await createPostAs(poster, { group_id: group.id });
      const res = await publish(poster, post.id, uniqueSlug('group'));
      expect(res.status).toBe(201);
      expect(res.body.post_id).toBe(post.id);
    });

    it.each([
      ['uppercase letters', 'My-Post'],
      ['spaces', 'my post'],
      ['a double dash', 'my--post'],
      ['a leading dash', '-my-post'],
      ['a trailing dash', 'my-post-'],
      ['an underscore', 'my_post'],
      ['too short', 'ab'],
      ['too long', `a${'b'.repeat(80)}`],
      ['digits only', '12345'],
      ['blank', '   '],
      ['an accent', 'café'],
      ['a slash', 'a/b'],
      ['the shape of a post id', '3f2b8c1e-9d4a-4b7e-8f6a-1c2d3e4f5a6b'],
      ['not a string', 42],
      ['null', null],
    ])('refuses a slug with %s (422 on slug)', async (_name, slug) => {
      const { client } = await memberWithClient(app);
      const post = await createPostAs(client);
      const res = await publish(client, post.id, slug);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['slug']);
      expect(res.body.errors.slug[0]).toEqual(expect.any(String));
    });

    it('accepts slugs at the limits: 3 and 80 characters, digits with a letter, trimmed', async () => {
      const { client } = await memberWithClient(app);
      const suffix = uniqueSlug('').slice(1); // 8 hex digits
      for (const slug of [`x${suffix}`, `${'a'.repeat(71)}-${suffix}`, `2026-${suffix}-a`]) {
        const post = await createPostAs(client);
        const res = await publish(client, post.id, slug);
        expect(res.status, slug).toBe(201);
        expect(res.body.slug).toBe(slug);
      }
      const shortest = `${suffix.slice(0, 2)}q`;
      const post = await createPostAs(client);
      expect((await publish(client, post.id, `  ${shortest}  `)).body.slug).toBe(shortest);
    });

    it('refuses a taken slug and a post already published, with the field named', async () => {
      const { client } = await memberWithClient(app);
      const { client: other } = await memberWithClient(app);
      const first = await createPostAs(client);
      const slug = uniqueSlug('taken');
      await publishAs(client, first.id, slug);
      const second = await createPostAs(other);
      const taken = await publish(other, second.id, slug);
      expect(taken.status).toBe(422);
      expect(taken.body).toEqual({ errors: { slug: ['has already been taken'] } });
      const twice = await publish(client, first.id, uniqueSlug());
      expect(twice.status).toBe(422);
      expect(twice.body).toEqual({ errors: { post_id: ['is already published'] } });
      const both = await publish(client, first.id, slug);
      expect(both.body).toEqual({
        errors: { post_id: ['is already published'], slug: ['has already been taken'] },
      });
    });

    it('gives exactly one 201 when ten requests race for one slug, and 422 to the rest', async () => {
      const { client } = await memberWithClient(app);
      const posts = await Promise.all(Array.from({ length: 10 }, () => createPostAs(client)));
      const slug = uniqueSlug('race');
      const answers = await Promise.all(posts.map((post) => publish(client, post.id, slug)));
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses).toEqual([201, ...Array(9).fill(422)]);
      for (const res of answers.filter((r) => r.status === 422)) {
        expect(res.body).toEqual({ errors: { slug: ['has already been taken'] } });
      }
    });

    it('gives exactly one 201 when ten requests race to publish one post under different slugs', async () => {
      const { client } = await memberWithClient(app);
      const post = await createPostAs(client);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => publish(client, post.id, uniqueSlug('same'))),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([201, ...Array(9).fill(422)]);
      for (const res of answers.filter((r) => r.status === 422)) {
        expect(res.body).toEqual({ errors: { post_id: ['is already published'] } });
      }
      expect((await client.get('/api/public_posts')).body).toHaveLength(1);
    });
  });

  describe('GET /api/public_posts', () => {
    it('lists the member’s own publications, newest first, paged by cursor', async () => {
      const { client } = await memberWithClient(app);
      const { client: other } = await memberWithClient(app);
      await publishAs(other, (await createPostAs(other)).id);
      const published = [];
      for (let i = 0; i < 3; i++) published.push(await publishAs(client, (await createPostAs(client)).id));
      const all = await client.get('/api/public_posts');
      expect(all.status).toBe(200);
      expect(all.headers.get('x-has-next-page')).toBe('false');
      expect(all.body.map((p: { id: string }) => p.id)).toEqual(published.map((p) => p.id).reverse());

      const pages = await walkPages(client, '/api/public_posts?limit=1');
      expect(pages.map((page) => page.items.map((p: { id: string }) => p.id))).toEqual(
        published.map((p) => [p.id]).reverse(),
      );
      expect(pages.map((page) => page.hasNext)).toEqual(['true', 'true', 'false']);
      expect((await app.client().get('/api/public_posts')).status).toBe(401);
    });
  });

  describe('DELETE /api/public_posts/{id}', () => {
    it('unpublishes for the owner only; the public address then answers 404', async () => {
      const { client } = await memberWithClient(app);
      const { client: other } = await memberWithClient(app);
      const post = await createPostAs(client);
      const publication = await publishAs(client, post.id);
      const visitor = app.client();
      expect((await visitor.get(`/api/published_posts/${publication.slug}`)).status).toBe(200);

      const refused = await other.delete(`/api/public_posts/${publication.id}`);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ error: expect.any(String) });
      expect((await visitor.get(`/api/published_posts/${publication.slug}`)).status).toBe(200);

      const res = await client.delete(`/api/public_posts/${publication.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: publication.id, deleted: true });
      expect((await visitor.get(`/api/published_posts/${publication.slug}`)).status).toBe(404);
      expect((await visitor.get(`/api/published_posts/${post.id}`)).status).toBe(404);
      expect((await client.get('/api/public_posts')).body).toEqual([]);
      expect((await client.get(`/api/posts/${post.id}`)).body.published).toBeNull();
      expect((await client.delete(`/api/public_posts/${publication.id}`)).status).toBe(404);

      // The slug is free again, and the post may be published again.
      const again = await publishAs(client, post.id, publication.slug);
      expect(again.slug).toBe(publication.slug);
    });

    it('takes the publication down with its post', async () => {
      const { client } = await memberWithClient(app);
      const post = await createPostAs(client);
      const publication = await publishAs(client, post.id);
      expect((await client.delete(`/api/posts/${post.id}`)).status).toBe(200);
      expect((await app.client().get(`/api/published_posts/${publication.slug}`)).status).toBe(404);
      expect((await client.get('/api/public_posts')).body).toEqual([]);
    });
  });
});

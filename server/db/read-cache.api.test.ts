import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../http/auth';
import { memberWithClient } from '../../tests/support/factories';
import { publishAs } from '../../tests/support/public-post-factories';
import { createGroupAs, createPostAs, memberInGroup } from '../../tests/support/social-factories';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { databaseUrl } from '../../tests/support/test-database';
import { openDatabase } from './client';
import { type ReadCache, VersionedReadCache } from './read-cache';
import { posts, users } from './schema';

type Listed = { id: string; tldr: string; liked_by_current_user: boolean; likes_count: number }[];

/**
 * The hot reads kept between writes (ADR 028) never show what a completed write changed: every
 * kind of write, through the API or straight to the database, is seen by the next read. On
 * PostgreSQL only public reads are kept (ADR 030): this process's writes show at once, another
 * process's within a moment; every other answer comes from the database.
 */
describe('reads kept until the next write', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const embedded = () => app.context.database.kind === 'pglite';

  /**
   * A read of the member's first name through `cache`, once the positive control holds: an answer
   * is kept across a read. The new member's background jobs write through the same database, and
   * each write drops what is kept; on a busy machine they can take seconds, so this is tried until
   * they are done.
   */
  async function keptMemberName(cache: ReadCache, memberId: string) {
    const { db } = app.context;
    let loads = 0;
    const read = () =>
      cache.read(`test:${memberId}`, async () => {
        loads++;
        return (await db.select({ name: users.firstName }).from(users).where(eq(users.id, memberId)))[0];
      });
    let kept = false;
    for (const deadline = Date.now() + 20_000; !kept && Date.now() < deadline;) {
      const before = loads;
      await read();
      await read();
      kept = loads === before + 1 || loads === before;
      if (!kept) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(kept).toBe(true);
    return read;
  }

  it('is in use on the embedded database and absent on PostgreSQL', async () => {
    const { client } = await memberWithClient(app);
    const cache = app.context.database.readCache;
    if (embedded()) {
      expect(cache).toBeInstanceOf(VersionedReadCache);
      // A read is not kept while a write (the new member's background jobs) is in flight: tried a
      // few times.
      for (let attempt = 0; attempt < 20 && (cache as VersionedReadCache).size === 0; attempt++) {
        await client.get('/api/posts');
      }
      expect((cache as VersionedReadCache).size).toBeGreaterThan(0);
    } else {
      expect(cache).not.toBeInstanceOf(VersionedReadCache);
    }
  });

  it('shows a new post, a like and an edit made through the API on the next timeline read', async () => {
    const { client: reader } = await memberWithClient(app);
    const { client: author } = await memberWithClient(app);
    const before = (await reader.get('/api/posts')).body as Listed;
    // Read twice: the second answer may come from the cache.
    expect((await reader.get('/api/posts')).body).toEqual(before);

    const post = await createPostAs(author, { tldr: 'Fresh bread on Friday' });
    const afterPost = (await reader.get('/api/posts')).body as Listed;
    expect(afterPost[0]).toMatchObject({ id: post.id, liked_by_current_user: false, likes_count: 0 });

    expect((await reader.post(`/api/posts/${post.id}/likes`, {})).status).toBe(200);
    const afterLike = (await reader.get('/api/posts')).body as Listed;
    expect(afterLike[0]).toMatchObject({ id: post.id, liked_by_current_user: true, likes_count: 1 });

    expect(
      (await author.patch(`/api/posts/${post.id}`, { post: { tldr: 'Rye on Friday', content: '' } })).status,
    ).toBe(200);
    expect(((await reader.get('/api/posts')).body as Listed)[0]).toMatchObject({ tldr: 'Rye on Friday' });
  });

  it('sees a write made straight to the database, outside any request', async () => {
    const { client: reader } = await memberWithClient(app);
    const { client: author } = await memberWithClient(app);
    const post = await createPostAs(author, { tldr: 'Before the job' });
    expect(((await reader.get('/api/posts')).body as Listed)[0]).toMatchObject({ tldr: 'Before the job' });
    await app.context.db.update(posts).set({ tldr: 'After the job' }).where(eq(posts.id, post.id));
    expect(((await reader.get('/api/posts')).body as Listed)[0]).toMatchObject({ tldr: 'After the job' });
  });

  it('counts every kind of write on the embedded database, and no read', async (test) => {
    if (!embedded()) return test.skip();
    const { db } = app.context;
    const { member } = await memberWithClient(app);
    const read = await keptMemberName(app.context.database.readCache, member.id);
    await db.update(users).set({ firstName: 'Once' }).where(eq(users.id, member.id));
    expect(await read()).toEqual({ name: 'Once' });
    await db.transaction(async (tx) => {
      await tx.update(users).set({ firstName: 'Twice' }).where(eq(users.id, member.id));
    });
    expect(await read()).toEqual({ name: 'Twice' });
    await db.execute(sql`update users set first_name = 'Thrice' where id = ${member.id}`);
    expect(await read()).toEqual({ name: 'Thrice' });
  });

  it('ends a session at once: signed out, the same cookie is refused', async () => {
    const { client, member } = await memberWithClient(app);
    expect((await client.get('/api/auth')).status).toBe(200);
    expect((await client.get('/api/auth')).status).toBe(200);
    const token = client.cookie(SESSION_COOKIE)!;
    expect((await client.delete('/api/users/sign_out')).status).toBeLessThan(300);
    const replay = app.client();
    replay.setCookie(SESSION_COOKIE, token);
    expect((await replay.get('/api/auth')).status).toBe(401);
    // And a change to the member shows on their next request.
    const { client: other, member: otherMember } = await memberWithClient(app);
    expect(((await other.get('/api/auth')).body as { first_name: string }).first_name).toBe(
      otherMember.firstName,
    );
    await app.context.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, otherMember.id));
    expect(((await other.get('/api/auth')).body as { first_name: string }).first_name).toBe('Renamed');
    expect(member.id).not.toBe(otherMember.id);
  });

  it("refuses a group's timeline at once to a member the owner removed", async () => {
    const { client: owner } = await memberWithClient(app);
    const group = await createGroupAs(owner);
    const { client: member, member: removed } = await memberInGroup(app, group.id, 'Poster');
    const timeline = `/api/posts?group_id=${group.id}`;
    // Read twice: the second answer (and the role behind it) may come from the cache.
    expect((await member.get(timeline)).status).toBe(200);
    expect((await member.get(timeline)).status).toBe(200);
    const roles = (await owner.get(`/api/groups/${group.id}/group_roles`)).body as {
      id: string;
      user_id: string;
    }[];
    const role = roles.find((row) => row.user_id === removed.id)!;
    expect((await owner.delete(`/api/group_roles/${role.id}`)).status).toBe(200);
    expect((await member.get(timeline)).status).toBe(404);
  });

  it('shows a publication and its withdrawal on the public feed at once', async () => {
    const { client: author } = await memberWithClient(app);
    const visitor = app.client();
    const post = await createPostAs(author, { tldr: 'Open day at the allotments' });
    await visitor.get('/api/published_posts?limit=1');
    const publication = await publishAs(author, post.id);
    const feed = (await visitor.get('/api/published_posts?limit=1')).body as { id: string }[];
    expect(feed[0]?.id).toBe(post.id);
    expect((await author.delete(`/api/public_posts/${publication.id}`)).status).toBeLessThan(300);
    const after = (await visitor.get('/api/published_posts?limit=1')).body as { id: string }[];
    expect(after[0]?.id).not.toBe(post.id);
  });

  it('on PostgreSQL keeps public reads until this process writes', async (test) => {
    if (embedded()) return test.skip();
    const { db } = app.context;
    const { member } = await memberWithClient(app);
    const read = await keptMemberName(app.context.database.publicReadCache, member.id);
    await db.update(users).set({ firstName: 'Once' }).where(eq(users.id, member.id));
    expect(await read()).toEqual({ name: 'Once' });
    await db.transaction(async (tx) => {
      await tx.update(users).set({ firstName: 'Twice' }).where(eq(users.id, member.id));
    });
    expect(await read()).toEqual({ name: 'Twice' });
  });

  it("on PostgreSQL shows another process's change to the public feed within moments", async (test) => {
    if (embedded()) return test.skip();
    const { client: author } = await memberWithClient(app);
    const visitor = app.client();
    const post = await createPostAs(author, { tldr: 'Seed swap' });
    await publishAs(author, post.id);
    const newest = async () =>
      ((await visitor.get('/api/published_posts?limit=1')).body as { tldr: string }[])[0];
    expect((await newest())?.tldr).toBe('Seed swap');
    const current = await app.context.db.execute(sql`select current_database() as name`);
    const { name } = (current as unknown as { rows: Array<{ name: string }> }).rows[0]!;
    const other = await openDatabase({ kind: 'postgres', url: databaseUrl(name), max: 1 });
    try {
      await other.db.update(posts).set({ tldr: 'Seed swap, moved' }).where(eq(posts.id, post.id));
      const deadline = Date.now() + 15_000;
      let seen = (await newest())?.tldr;
      while (seen !== 'Seed swap, moved' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        seen = (await newest())?.tldr;
      }
      expect(seen).toBe('Seed swap, moved');
    } finally {
      await other.close();
    }
  });
});

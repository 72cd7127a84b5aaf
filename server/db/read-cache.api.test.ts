import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../http/auth';
import { memberWithClient } from '../../tests/support/factories';
import { publishAs } from '../../tests/support/public-post-factories';
import {
  createGroupAs,
  createPostAs,
  memberInGroup,
  memberOfAnotherGroup,
} from '../../tests/support/social-factories';
import { createTestApp, type TestApp, waitForAllJobsDone } from '../../tests/support/test-app';
import type { TestClient } from '../../tests/support/test-client';
import { databaseUrl } from '../../tests/support/test-database';
import { DATA_CHANGED_CHANNEL, type Db, LISTENER_APPLICATION_NAME, openDatabase, rowsOf } from './client';
import { type ReadCache, UNHEARD_WRITE_MAX_MS, VersionedReadCache } from './read-cache';
import { TRIGGER_WRITES } from './statement-tables';
import { extendSession, markSessionSeen } from '../features/sessions/sessions.repo';
import { feedbacks, posts, sessions, users } from './schema';

type Listed = { id: string; tldr: string; liked_by_current_user: boolean; likes_count: number }[];

/**
 * The hot reads kept between writes (ADR 028) never show what a completed write changed: every
 * kind of write, through the API or straight to the database, is seen by the next read. On
 * PostgreSQL (ADR 031) this process's writes show at once, and another process's once PostgreSQL's
 * notice of it arrives.
 */
describe('reads kept until the next write', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const embedded = () => app.context.database.kind === 'pglite';

  async function currentDatabase(): Promise<string> {
    const result = await app.context.db.execute(sql`select current_database() as name`);
    return rowsOf<{ name: string }>(result)[0]!.name;
  }

  /**
   * A read of the member's first name through `cache`, once the positive control holds: an answer
   * is kept across a read. The new member's background jobs write through the same database, and
   * each write drops what is kept; on a busy machine they can take seconds, so this is tried until
   * they are done.
   */
  async function keptMemberName(cache: ReadCache, memberId: string, db: Db = app.context.db) {
    return keptRead(cache, `test:${memberId}`, async () => {
      return (await db.select({ name: users.firstName }).from(users).where(eq(users.id, memberId)))[0];
    });
  }

  /**
   * `load` through `cache` under `key`, once the positive control holds: an answer is kept across
   * a read. The new member's background jobs write through the same database, and a write to a
   * table the read depends on drops it; on a busy machine they can take seconds, so this is tried
   * until they are done.
   */
  async function keptRead<T>(cache: ReadCache, key: string, load: () => Promise<T>) {
    let loads = 0;
    const read = Object.assign(
      () =>
        cache.read(key, async () => {
          loads++;
          return load();
        }),
      { loads: () => loads },
    );
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

  it('is in use on both engines', async () => {
    const { client } = await memberWithClient(app);
    const cache = app.context.database.readCache;
    expect(cache).toBeInstanceOf(VersionedReadCache);
    // A read is not kept while a write (the new member's background jobs) is in flight: tried a
    // few times.
    for (let attempt = 0; attempt < 20 && (cache as VersionedReadCache).size === 0; attempt++) {
      await client.get('/api/posts');
    }
    expect((cache as VersionedReadCache).size).toBeGreaterThan(0);
  });

  it('has every table but the throttle counters announce its changes (migration 0016)', async () => {
    const result = await app.context.db.execute(sql`
      select c.relname as "table", count(t.tgname)::int as triggers
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
      left join pg_trigger t on t.tgrelid = c.oid and t.tgname like 'hearth_changed_%'
      where c.relkind = 'r'
      group by c.relname`);
    const tables = rowsOf<{ table: string; triggers: number }>(result);
    // A positive control: the tables are there at all.
    expect(tables.map((row) => row.table)).toEqual(expect.arrayContaining(['posts', 'sessions', 'users']));
    const expected = Object.fromEntries(tables.map(({ table }) => [table, table === 'rate_limits' ? 0 : 4]));
    expect(Object.fromEntries(tables.map(({ table, triggers }) => [table, triggers]))).toEqual(expected);
  });

  it("knows every trigger that writes: each table's triggers beyond the change notices are in TRIGGER_WRITES", async () => {
    const result = await app.context.db.execute(sql`
      select distinct c.relname as "table"
      from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
      where not t.tgisinternal and t.tgname not like 'hearth_changed_%'`);
    const tables = rowsOf<{ table: string }>(result).map((row) => row.table);
    expect(tables.sort()).toEqual(Object.keys(TRIGGER_WRITES).sort());
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

  it('keeps a timeline page through writes it cannot change, and shows a like on it at once (ADR 042)', async () => {
    const { client: reader } = await memberWithClient(app);
    const { client: author } = await memberWithClient(app);
    const { client: liker } = await memberOfAnotherGroup(app);
    const post = await createPostAs(author, { tldr: 'Kept through the likes' });
    const cache = app.context.database.readCache as VersionedReadCache;
    const outcome = (kind: string) =>
      cache.outcomes().find((entry) => entry.kind === kind) ?? { hits: 0, misses: 0 };
    const timeline = async () => ((await reader.get('/api/posts')).body as Listed)[0]!;
    // The positive control: the page is kept across two reads once the members' jobs have settled.
    await expect
      .poll(
        async () => {
          await timeline();
          const before = outcome('timeline').hits;
          await timeline();
          return outcome('timeline').hits > before;
        },
        { timeout: 20_000, interval: 50 },
      )
      .toBe(true);

    // Another member likes the post: the page stays kept, and its count is the new one at once.
    // (The new members' and the post's jobs are done first: one that wrote a table the page reads
    // would rightly drop it.)
    await waitForAllJobsDone(app);
    await timeline();
    expect((await liker.post(`/api/posts/${post.id}/likes`, {})).status).toBe(200);
    const pageHits = outcome('timeline').hits;
    const countMisses = outcome('post-counts').misses;
    expect(await timeline()).toMatchObject({ id: post.id, likes_count: 1, liked_by_current_user: false });
    expect(outcome('timeline').hits).toBe(pageHits + 1);
    expect(outcome('post-counts').misses).toBe(countMisses + 1);

    // The reader's own like: counted, and liked by them.
    expect((await reader.post(`/api/posts/${post.id}/likes`, {})).status).toBe(200);
    expect(await timeline()).toMatchObject({ id: post.id, likes_count: 2, liked_by_current_user: true });

    // A write to a table the page does not read (the liker marks their inbox read) keeps both.
    expect((await liker.post('/api/notifications/read_all', {})).status).toBeLessThan(300);
    const both = [outcome('timeline').hits, outcome('post-counts').hits];
    expect(await timeline()).toMatchObject({ likes_count: 2 });
    expect([outcome('timeline').hits, outcome('post-counts').hits]).toEqual([both[0]! + 1, both[1]! + 1]);

    // And one that changes what the page shows is never served stale: the author edits the post.
    expect(
      (await author.patch(`/api/posts/${post.id}`, { post: { tldr: 'Edited under the cache', content: '' } }))
        .status,
    ).toBe(200);
    const misses = outcome('timeline').misses;
    expect(await timeline()).toMatchObject({ tldr: 'Edited under the cache', likes_count: 2 });
    expect(outcome('timeline').misses).toBe(misses + 1);
  });

  it("keeps every timeline page through a pin, and shows the pin on the post's cards at once (ADR 056)", async () => {
    const { client: owner } = await memberWithClient(app);
    const group = await createGroupAs(owner);
    const { client: poster } = await memberInGroup(app, group.id, 'Poster');
    const { client: reader } = await memberInGroup(app, group.id, 'Commentor');
    const pinnedLater = await createPostAs(poster, { tldr: 'The house rules', group_id: group.id });
    const newest = await createPostAs(poster, { tldr: 'Bread on Friday', group_id: group.id });
    const cache = app.context.database.readCache as VersionedReadCache;
    const outcome = (kind: string) =>
      cache.outcomes().find((entry) => entry.kind === kind) ?? { hits: 0, misses: 0 };
    type Card = { id: string; pinned: boolean };
    const cards = async () => {
      const home = (await reader.get('/api/posts')).body as Card[];
      const inGroup = (await reader.get(`/api/posts?group_id=${group.id}`)).body as Card[];
      // Each page's first card but the newest post: the older one, and whether it shows pinned.
      return [home, inGroup].map((page) => {
        const card = page.find((shown) => shown.id !== newest.id)!;
        return [card.id, card.pinned];
      });
    };
    // The positive control: both pages are kept across two reads once the members' jobs are done.
    await waitForAllJobsDone(app);
    await expect
      .poll(
        async () => {
          await cards();
          const before = outcome('timeline').hits;
          await cards();
          return outcome('timeline').hits === before + 2;
        },
        { timeout: 20_000, interval: 50 },
      )
      .toBe(true);

    // The Owner pins the older post: both pages stay kept, and both show it pinned at once (its
    // pin is read with its counts, which the pin drops).
    expect((await owner.put(`/api/groups/${group.id}/pins/${pinnedLater.id}`)).status).toBe(201);
    const pageHits = outcome('timeline').hits;
    const countMisses = outcome('post-counts').misses;
    expect(await cards()).toEqual([
      [pinnedLater.id, true],
      [pinnedLater.id, true],
    ]);
    expect(outcome('timeline').hits).toBe(pageHits + 2);
    // (Both pages may show the same posts, and so share one read of their counts.)
    expect(outcome('post-counts').misses).toBeGreaterThan(countMisses);
    const pins = (await reader.get(`/api/groups/${group.id}/pins`)).body as Card[];
    expect(pins.map((card) => [card.id, card.pinned])).toEqual([[pinnedLater.id, true]]);

    // Unpinned, never shown pinned again: the pages still kept.
    expect((await owner.delete(`/api/groups/${group.id}/pins/${pinnedLater.id}`)).status).toBe(200);
    expect(await cards()).toEqual([
      [pinnedLater.id, false],
      [pinnedLater.id, false],
    ]);
    expect(outcome('timeline').hits).toBe(pageHits + 4);
    expect((await reader.get(`/api/groups/${group.id}/pins`)).body).toEqual([]);
  });

  it("keeps a group's timeline and pins through posts and pins elsewhere, and shows the group's own at once (ADR 056)", async () => {
    const { client: owner } = await memberWithClient(app);
    const group = await createGroupAs(owner);
    const { client: poster } = await memberInGroup(app, group.id, 'Poster');
    const { client: reader } = await memberInGroup(app, group.id, 'Commentor');
    const { client: elsewhere } = await memberWithClient(app);
    const otherGroupId = (await createGroupAs(elsewhere)).id;
    const first = await createPostAs(poster, { tldr: 'First in the group', group_id: group.id });
    expect((await owner.put(`/api/groups/${group.id}/pins/${first.id}`)).status).toBe(201);
    const away = await createPostAs(elsewhere, { tldr: 'In the other group', group_id: otherGroupId });
    const cache = app.context.database.readCache as VersionedReadCache;
    const hits = () =>
      ['timeline', 'pins'].map((kind) => cache.outcomes().find((entry) => entry.kind === kind)?.hits ?? 0);
    const ids = (body: unknown) => (body as { id: string }[]).map((post) => post.id);
    const open = async () => [
      ids((await reader.get(`/api/posts?group_id=${group.id}`)).body),
      ids((await reader.get(`/api/groups/${group.id}/pins`)).body),
    ];
    // The positive control: the group's page and pins are kept across two reads.
    await waitForAllJobsDone(app);
    await expect
      .poll(
        async () => {
          await open();
          const before = hits();
          await open();
          return hits().every((count, index) => count === before[index]! + 1);
        },
        { timeout: 20_000, interval: 50 },
      )
      .toBe(true);

    // A post outside every group, one in another group and a pin there keep both.
    await createPostAs(elsewhere, { tldr: 'Outside every group' });
    await createPostAs(elsewhere, { tldr: 'Also in the other group', group_id: otherGroupId });
    expect((await elsewhere.put(`/api/groups/${otherGroupId}/pins/${away.id}`)).status).toBe(201);
    await waitForAllJobsDone(app);
    const before = hits();
    expect(await open()).toEqual([[first.id], [first.id]]);
    expect(hits()).toEqual([before[0]! + 1, before[1]! + 1]);

    // The group's own post and pin are never missed.
    const second = await createPostAs(poster, { tldr: 'Second in the group', group_id: group.id });
    expect(await open()).toEqual([[second.id, first.id], [first.id]]);
    expect((await owner.put(`/api/groups/${group.id}/pins/${second.id}`)).status).toBe(201);
    expect(await open()).toEqual([
      [second.id, first.id],
      [second.id, first.id],
    ]);
  });

  it("keeps a timeline page's counts through a vote on another post's poll, and shows a vote on its own at once (ADR 058)", async () => {
    const { client: reader } = await memberWithClient(app);
    const { client: author } = await memberWithClient(app);
    const elsewhere = await memberOfAnotherGroup(app);
    const mine = await author.post('/api/posts', {
      post: { tldr: 'Which day here?', poll: { options: ['Saturday', 'Sunday'] } },
    });
    // A poll in a group the reader is not in: never on their page.
    const other = await elsewhere.client.post('/api/posts', {
      post: {
        tldr: 'Which day there?',
        group_id: elsewhere.otherGroupId,
        poll: { options: ['Monday', 'Friday'] },
      },
    });
    const cache = app.context.database.readCache as VersionedReadCache;
    const outcome = (kind: string) =>
      cache.outcomes().find((entry) => entry.kind === kind) ?? { hits: 0, misses: 0 };
    type Polled = { id: string; poll: { voters_count: number } | null };
    const page = async () => (await reader.get('/api/posts')).body as Polled[];
    // The positive control: the counts are kept across two reads once the members' jobs have settled.
    await waitForAllJobsDone(app);
    await expect
      .poll(
        async () => {
          await page();
          const before = outcome('post-counts').hits;
          await page();
          return outcome('post-counts').hits > before;
        },
        { timeout: 20_000, interval: 50 },
      )
      .toBe(true);

    const vote = (client: TestClient, post: { body: { id: string; poll: { options: { id: string }[] } } }) =>
      client.put(`/api/posts/${post.body.id}/poll/vote`, {
        vote: { option_ids: [post.body.poll.options[0]!.id] },
      });
    expect((await vote(elsewhere.client, other)).status).toBe(200);
    const hits = outcome('post-counts').hits;
    const misses = outcome('post-counts').misses;
    expect((await page()).find((post) => post.id === mine.body.id)?.poll?.voters_count).toBe(0);
    expect([outcome('post-counts').hits, outcome('post-counts').misses]).toEqual([hits + 1, misses]);

    // A vote on the page's own poll is never served stale.
    expect((await vote(author, mine)).status).toBe(200);
    expect((await page()).find((post) => post.id === mine.body.id)?.poll?.voters_count).toBe(1);
    expect(outcome('post-counts').misses).toBe(misses + 1);
  });

  it('keeps a post and its comments through a like, and shows a new comment and the like at once', async () => {
    const { client: reader } = await memberWithClient(app);
    const { client: author } = await memberWithClient(app);
    const { client: other } = await memberOfAnotherGroup(app);
    const post = await createPostAs(author, { tldr: 'Comments kept' });
    const elsewhere = await createPostAs(author, { tldr: 'Another post' });
    expect(
      (await author.post(`/api/posts/${post.id}/comments`, { comment: { content: 'First!' } })).status,
    ).toBe(201);
    await waitForAllJobsDone(app);
    const cache = app.context.database.readCache as VersionedReadCache;
    const outcome = (kind: string) =>
      cache.outcomes().find((entry) => entry.kind === kind) ?? { hits: 0, misses: 0 };
    type Shown = { likes_count: number; comments_count: number };
    const open = async () => {
      const shown = (await reader.get(`/api/posts/${post.id}`)).body as Shown;
      const comments = (await reader.get(`/api/posts/${post.id}/comments`)).body as { content: string }[];
      return { shown, comments: comments.map((comment) => comment.content) };
    };
    // Read twice, the post and its comments are kept (`keepOnSecondRead`: once would not be).
    await open();
    await open();
    const hits = () => [outcome('post').hits, outcome('comments').hits];
    const before = hits();
    expect(await open()).toEqual({
      shown: expect.objectContaining({ likes_count: 0, comments_count: 1 }),
      comments: ['First!'],
    });
    expect(hits()).toEqual([before[0]! + 1, before[1]! + 1]);

    // A like keeps both, and the count shows at once.
    expect((await other.post(`/api/posts/${post.id}/likes`, {})).status).toBe(200);
    expect(await open()).toEqual({
      shown: expect.objectContaining({ likes_count: 1 }),
      comments: ['First!'],
    });
    expect(hits()).toEqual([before[0]! + 2, before[1]! + 2]);

    // A comment and a like on another post keep both, and this post's counts.
    expect(
      (await other.post(`/api/posts/${elsewhere.id}/comments`, { comment: { content: 'Elsewhere' } })).status,
    ).toBe(201);
    expect((await other.post(`/api/posts/${elsewhere.id}/likes`, {})).status).toBe(200);
    const countHits = outcome('post-counts').hits;
    const kept = hits();
    expect(await open()).toEqual({
      shown: expect.objectContaining({ likes_count: 1, comments_count: 1 }),
      comments: ['First!'],
    });
    expect(hits()[1]).toBe(kept[1]! + 1);
    expect(outcome('post-counts').hits).toBe(countHits + 1);

    // A new comment is never missed.
    expect(
      (await other.post(`/api/posts/${post.id}/comments`, { comment: { content: 'Second' } })).status,
    ).toBe(201);
    expect(await open()).toEqual({
      shown: expect.objectContaining({ likes_count: 1, comments_count: 2 }),
      comments: ['First!', 'Second'],
    });
  });

  it("keeps a post's comments through another post's publication, and never shows them past a block", async () => {
    const { client: reader, member: readerMember } = await memberWithClient(app);
    const { client: author } = await memberWithClient(app);
    const post = await createPostAs(author, { tldr: 'Comments kept through a publication' });
    const elsewhere = await createPostAs(author, { tldr: 'Published elsewhere' });
    expect(
      (await author.post(`/api/posts/${post.id}/comments`, { comment: { content: 'First!' } })).status,
    ).toBe(201);
    await waitForAllJobsDone(app);
    const cache = app.context.database.readCache as VersionedReadCache;
    const hits = () => cache.outcomes().find((entry) => entry.kind === 'comments')?.hits ?? 0;
    const comments = async () => {
      const response = await reader.get(`/api/posts/${post.id}/comments`);
      expect(response.status).toBe(200);
      return (response.body as { content: string }[]).map((comment) => comment.content);
    };
    await comments();
    await comments(); // read twice: kept
    const before = hits();
    expect(await comments()).toEqual(['First!']);
    expect(hits()).toBe(before + 1);

    // Publishing another post writes public_posts, which deciding who sees this post never reads.
    await publishAs(author, elsewhere.id);
    expect(await comments()).toEqual(['First!']);
    expect(hits()).toBe(before + 2);

    // A block between the reader and the post's author hides the post, and its comments, at once.
    expect((await author.post('/api/blocks', { user_id: readerMember.id })).status).toBe(201);
    expect((await reader.get(`/api/posts/${post.id}/comments`)).status).toBe(404);
  });

  it('sees a write made straight to the database, outside any request', async () => {
    const { client: reader } = await memberWithClient(app);
    const { client: author } = await memberWithClient(app);
    const post = await createPostAs(author, { tldr: 'Before the job' });
    expect(((await reader.get('/api/posts')).body as Listed)[0]).toMatchObject({ tldr: 'Before the job' });
    await app.context.db.update(posts).set({ tldr: 'After the job' }).where(eq(posts.id, post.id));
    expect(((await reader.get('/api/posts')).body as Listed)[0]).toMatchObject({ tldr: 'After the job' });
  });

  it('counts every kind of write this process makes, and no read', async () => {
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

  it("on PostgreSQL drops what is kept when another process's write is announced", async (test) => {
    if (embedded()) return test.skip();
    const { member } = await memberWithClient(app);
    // Two processes' databases: nothing ages what this one keeps, so only the notice can drop it.
    const url = databaseUrl(await currentDatabase());
    const here = await openDatabase({ kind: 'postgres', url, max: 1 });
    const there = await openDatabase({ kind: 'postgres', url, max: 1 });
    try {
      const read = await keptMemberName(here.readCache, member.id, here.db);
      await there.db.update(users).set({ firstName: 'Elsewhere' }).where(eq(users.id, member.id));
      await expect.poll(read, { timeout: 10_000, interval: 50 }).toEqual({ name: 'Elsewhere' });
    } finally {
      await Promise.all([here.close(), there.close()]);
    }
  });

  it('on PostgreSQL serves what nothing changed for as long as the notices are proven to arrive (ADR 067)', async (test) => {
    if (embedded()) return test.skip();
    const { member } = await memberWithClient(app);
    await waitForAllJobsDone(app);
    const url = databaseUrl(await currentDatabase());
    const here = await openDatabase({ kind: 'postgres', url, max: 1 });
    const there = await openDatabase({ kind: 'postgres', url, max: 1 });
    try {
      const read = await keptMemberName(here.readCache, member.id, here.db);
      const loads = read.loads();
      // Three times the longest a write may go unseen: only the proofs coming back keep it served.
      await new Promise((resolve) => setTimeout(resolve, 3 * UNHEARD_WRITE_MAX_MS));
      expect(await read()).toEqual({ name: member.firstName });
      expect(read.loads()).toBe(loads);
      // The control: a write elsewhere is still seen.
      await there.db.update(users).set({ firstName: 'Proven' }).where(eq(users.id, member.id));
      await expect.poll(read, { timeout: 10_000, interval: 50 }).toEqual({ name: 'Proven' });
    } finally {
      await Promise.all([here.close(), there.close()]);
    }
  });

  it('on PostgreSQL a process opened with listens: false holds no LISTEN connection, and its writes are still announced', async (test) => {
    if (embedded()) return test.skip();
    const { member } = await memberWithClient(app);
    const url = databaseUrl(await currentDatabase());
    const listening = async (db: Db) =>
      Number(
        rowsOf<{ count: number }>(
          await db.execute(sql`
            select count(*)::int as count from pg_stat_activity
            where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`),
        )[0]?.count,
      );
    const here = await openDatabase({ kind: 'postgres', url, max: 1 });
    try {
      const before = await listening(here.db);
      // The control: a process that listens adds its connection.
      const hearing = await openDatabase({ kind: 'postgres', url, max: 1 });
      expect(await listening(here.db)).toBe(before + 1);
      await hearing.close();
      await expect.poll(() => listening(here.db), { timeout: 10_000 }).toBe(before);

      const quiet = await openDatabase({ kind: 'postgres', url, max: 1, listens: false });
      try {
        expect(await listening(here.db)).toBe(before);
        await expect(quiet.listen('anything', () => undefined)).rejects.toThrow(/listens: false/);
        // What it writes still reaches the processes that listen.
        const read = await keptMemberName(here.readCache, member.id, here.db);
        await quiet.db.update(users).set({ firstName: 'Quietly' }).where(eq(users.id, member.id));
        await expect.poll(read, { timeout: 10_000, interval: 50 }).toEqual({ name: 'Quietly' });
      } finally {
        await quiet.close();
      }
    } finally {
      await here.close();
    }
  });

  it("announces a transaction's changes once per table, and neither the throttle's counters nor rows untouched", async () => {
    const { member } = await memberWithClient(app);
    const heard: string[] = [];
    const stop = await app.context.database.listen(DATA_CHANGED_CHANNEL, (table) => heard.push(table));
    try {
      await app.context.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into rate_limits (key, window_start, count) values (${`test:${member.id}`}, now(), 1)`,
        );
        await tx.delete(feedbacks).where(eq(feedbacks.id, randomUUID()));
        await tx.update(users).set({ firstName: 'Once' }).where(eq(users.id, member.id));
        await tx.update(users).set({ lastName: 'Twice' }).where(eq(users.id, member.id));
      });
      // Notices arrive in the order they were raised: the two left out would have come first.
      await expect.poll(() => heard.includes('users'), { timeout: 10_000, interval: 20 }).toBe(true);
      const mine = heard.slice(0, heard.indexOf('users') + 1);
      expect(mine.filter((table) => table === 'users')).toHaveLength(1);
      expect(mine).not.toContain('rate_limits');
      expect(mine).not.toContain('feedbacks');
    } finally {
      await stop();
    }
  });

  it('keeps what is kept when a session is marked seen, and announces every other session change', async () => {
    const { member } = await memberWithClient(app);
    const { db } = app.context;
    const [session] = await db.select().from(sessions).where(eq(sessions.userId, member.id));
    const heard: string[] = [];
    const stop = await app.context.database.listen(DATA_CHANGED_CHANNEL, (table) => heard.push(table));
    try {
      // Notices arrive in the order their writes committed: once a write made now is heard, the
      // new member's own (their session's insert among them) have all arrived, late as they may be
      // on a busy machine, and whatever is heard from here on is this test's.
      await db.update(users).set({ lastName: 'Heard' }).where(eq(users.id, member.id));
      await expect.poll(() => heard.includes('users'), { timeout: 10_000, interval: 20 }).toBe(true);
      heard.length = 0;
      const read = await keptRead(app.context.database.readCache, `test-session:${session!.id}`, async () => {
        return (
          await db
            .select({ expiresAt: sessions.expiresAt })
            .from(sessions)
            .where(eq(sessions.id, session!.id))
        )[0];
      });
      // The new member's background jobs may still write a table the read depends on, dropping
      // it for a reason of their own: an attempt counts only when the answer was kept before the
      // mark and after it. Were the mark to drop it, no attempt would ever count.
      let unmoved = false;
      for (let attempt = 0; !unmoved && attempt < 40; attempt++) {
        await read();
        const before = read.loads();
        await read();
        await markSessionSeen(db, session!.id, new Date(), '203.0.113.9');
        await read();
        unmoved = read.loads() === before;
        if (!unmoved) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(unmoved).toBe(true);
      const loads = read.loads();
      // The mark was written (the session list shows it)...
      const [seen] = await db.select().from(sessions).where(eq(sessions.id, session!.id));
      expect(seen!.ip).toBe('203.0.113.9');
      // ...and the session's expiry sliding is a change like any other: announced, and it drops
      // what is kept. Notices arrive in order, so the mark's would have come first.
      const later = new Date(Date.now() + 86_400_000);
      await extendSession(db, session!.id, new Date(), later);
      expect((await read())!.expiresAt.getTime()).toBe(later.getTime());
      expect(read.loads()).toBe(loads + 1);
      await expect.poll(() => heard.includes('sessions'), { timeout: 10_000, interval: 20 }).toBe(true);
      expect(heard.filter((table) => table === 'sessions')).toHaveLength(1);
    } finally {
      await stop();
    }
  });

  it('on PostgreSQL drops what is kept when the notices stop, and keeps answers again once they are back', async (test) => {
    if (embedded()) return test.skip();
    const { member } = await memberWithClient(app);
    const name = await currentDatabase();
    const here = await openDatabase({ kind: 'postgres', url: databaseUrl(name), max: 1 });
    try {
      const read = await keptMemberName(here.readCache, member.id, here.db);
      const kept = read.loads();
      // Every listening connection to this database is cut (the test app's own reconnects too).
      await app.context.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = ${name} and application_name = ${LISTENER_APPLICATION_NAME}`);
      await expect
        .poll(async () => (await read(), read.loads()), { timeout: 10_000, interval: 50 })
        .toBeGreaterThan(kept);
      // Listening again (after half a second), it keeps answers again.
      await keptMemberName(here.readCache, member.id, here.db);
    } finally {
      await here.close();
    }
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
    const other = await openDatabase({ kind: 'postgres', url: databaseUrl(await currentDatabase()), max: 1 });
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

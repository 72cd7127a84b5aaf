import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { LISTENER_APPLICATION_NAME, openDatabase, rowsOf, type Database } from '../../db/client';
import { SESSION_COOKIE } from '../../http/auth';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { databaseUrl, testEngine } from '../../../tests/support/test-database';
import { memberWithClient } from '../../../tests/support/factories';
import { createGroupAs, createPostAs, memberInGroup } from '../../../tests/support/social-factories';
import type { TestClient } from '../../../tests/support/test-client';
import { openStream, type Stream } from '../../../tests/support/event-stream';
import { publishLiveEvent, type LiveEvent } from './live-events';

const isPost = (postId: string) => (event: LiveEvent) =>
  event.type === 'post.created' && event.postId === postId;

describe('live events (GET /api/events)', () => {
  let app: TestApp;
  const streams: Stream[] = [];
  const open = async (client: TestClient, baseUrl = app.url) => {
    const stream = await openStream(baseUrl, client);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    app = await createTestApp({ config: { services: ['web'] } });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await app.close();
  });

  it('is for members only, and streams uncached, unbuffered event text', async () => {
    const visitor = await app.client().get('/api/events');
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual({ error: 'You need to sign in or sign up before continuing.' });

    const { client } = await memberWithClient(app);
    const controller = new AbortController();
    const res = await fetch(`${app.url}/api/events`, {
      headers: { cookie: `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE)}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    expect((await reader.read()).value).toContain(': connected');
    controller.abort();
  });

  it('tells every member who may see a new post, never one who may not, and not its author', async () => {
    const author = await memberWithClient(app);
    const group = await createGroupAs(author.client);
    const insider = await memberInGroup(app, group.id, 'Commentor');
    const outsider = await memberWithClient(app);
    const [authorStream, insiderStream, outsiderStream] = await Promise.all([
      open(author.client),
      open(insider.client),
      open(outsider.client),
    ]);

    const secret = await createPostAs(author.client, { tldr: 'Members only', group_id: group.id });
    const open1 = await createPostAs(author.client, { tldr: 'For everyone' });

    expect(await insiderStream.next(isPost(secret.id))).toEqual({
      type: 'post.created',
      postId: secret.id,
      groupId: group.id,
    });
    await insiderStream.next(isPost(open1.id));
    // Events arrive in order: once the open post is in, the group post would have come before it.
    await outsiderStream.next(isPost(open1.id));
    expect(outsiderStream.events.some(isPost(secret.id))).toBe(false);

    // The author hears about others' posts, not their own.
    const other = await createPostAs(outsider.client, { tldr: 'From someone else' });
    await authorStream.next(isPost(other.id));
    expect(authorStream.events.some(isPost(open1.id))).toBe(false);
  });

  it('sends nothing for a post that is gone or an audience the member is not in', async () => {
    const { member, client } = await memberWithClient(app);
    const stream = await open(client);
    const writer = await memberWithClient(app);
    const post = await createPostAs(writer.client);
    await stream.next(isPost(post.id));

    await publishLiveEvent(
      app.context.db,
      { userIds: [writer.member.id] },
      {
        type: 'post.created',
        postId: post.id,
        groupId: null,
      },
    );
    await publishLiveEvent(
      app.context.db,
      { allMembers: true },
      {
        type: 'post.created',
        postId: '00000000-0000-4000-8000-000000000000',
        groupId: null,
      },
    );
    const control = await createPostAs(writer.client);
    await stream.next(isPost(control.id));
    expect(stream.events.filter(isPost(post.id))).toHaveLength(1);
    expect(stream.events).toHaveLength(2);
    expect(member.id).toBeTruthy();
  });

  it('forwards link progress to the members who may see the link', async () => {
    const owner = await memberWithClient(app);
    const stranger = await memberWithClient(app);
    const ownerStream = await open(owner.client);
    const strangerStream = await open(stranger.client);
    const created = await owner.client.post('/api/links', {
      url: 'http://127.0.0.1:9/private-page',
      visibility: 'private',
    });
    const shared = await owner.client.post('/api/links', {
      url: 'http://127.0.0.1:9/published-page',
      visibility: 'published',
    });
    const everyone = { userIds: [owner.member.id, stranger.member.id] };
    await publishLiveEvent(app.context.db, everyone, { type: 'link.updated', linkId: created.body.id });
    await publishLiveEvent(app.context.db, everyone, { type: 'link.updated', linkId: shared.body.id });

    const isLink = (id: string) => (event: LiveEvent) => event.type === 'link.updated' && event.linkId === id;
    await ownerStream.next(isLink(created.body.id));
    await strangerStream.next(isLink(shared.body.id));
    expect(strangerStream.events.some(isLink(created.body.id))).toBe(false);
  });

  it('fans an event out to the streams of another app instance sharing the database', async () => {
    // A second web instance: its own HTTP server and its own hub, LISTENing on the same database (on
    // PostgreSQL through a connection of its own, as a second process would).
    let database: Database = app.context.database;
    if (database.kind === 'postgres') {
      const [row] = rowsOf<{ name: string }>(
        await app.context.db.execute(sql`select current_database() as name`),
      );
      database = await openDatabase({ kind: 'postgres', url: databaseUrl(row!.name), max: 2 });
    }
    const second = await buildApp({ ...app.context, database, db: database.db }, { serveWeb: false });
    await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = second.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      const reader = await memberWithClient(app);
      const writer = await memberWithClient(app);
      const remote = await open(reader.client, `http://127.0.0.1:${address.port}`);
      const post = await createPostAs(writer.client, { tldr: 'Written on instance one' });
      await remote.next(isPost(post.id));
    } finally {
      await second.close();
      if (database !== app.context.database) await database.close();
    }
  });

  it.runIf(testEngine() === 'postgres')(
    'listens again after its connection to PostgreSQL is cut',
    async () => {
      const reader = await memberWithClient(app);
      const writer = await memberWithClient(app);
      const stream = await open(reader.client);
      const before = await createPostAs(writer.client);
      await stream.next(isPost(before.id));

      const killed = rowsOf<{ ok: boolean }>(
        await app.context.db.execute(
          sql`select pg_terminate_backend(pid) as ok from pg_stat_activity
            where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
        ),
      );
      expect(killed.some((row) => row.ok)).toBe(true);

      // Events sent while it reconnects are lost (they are hints to refetch); keep writing until one arrives.
      const deadline = Date.now() + 15_000;
      for (;;) {
        const post = await createPostAs(writer.client);
        try {
          await stream.next(isPost(post.id), 500);
          break;
        } catch (error) {
          if (Date.now() > deadline) throw error;
        }
      }
    },
  );

  it('ends open streams when the app shuts down', async () => {
    const other = await createTestApp({ config: { services: ['web'] } });
    const { client } = await memberWithClient(other);
    const res = await fetch(`${other.url}/api/events`, {
      headers: { cookie: `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE)}` },
    });
    const reader = res.body!.getReader();
    await reader.read();
    const started = Date.now();
    await other.close();
    // The stream ended (done), and the shutdown did not wait for the 5 s grace period.
    expect((await reader.read()).done).toBe(true);
    expect(Date.now() - started).toBeLessThan(4000);
  });
});

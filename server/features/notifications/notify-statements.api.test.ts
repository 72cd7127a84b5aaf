import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  groupNotificationLevels,
  notifications,
  pushOutbox,
  pushSubscriptions,
  sessions,
  userBlocks,
} from '../../db/schema';
import { mayChangeKeptReads } from '../../db/read-cache';
import { tablesWritten } from '../../db/statement-tables';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { memberWithClient } from '../../../tests/support/factories';
import { openStream } from '../../../tests/support/event-stream';
import { createGroupAs, createPostAs, memberInGroup } from '../../../tests/support/social-factories';
import type { TestClient } from '../../../tests/support/test-client';
import {
  statementsOf,
  statementsOfRequest,
  withoutTransactionEnds,
} from '../../../tests/support/statement-count';
import { notify } from './notify';
import { likeGroupKey, notifyOnce } from './notifications.service';

vi.mock('../../db/read-cache', async (original) => {
  const { countingNoteStatement } = await import('../../../tests/support/statement-count');
  const module = await original<typeof import('../../db/read-cache')>();
  return { ...module, noteStatement: countingNoteStatement(module.noteStatement) };
});

/**
 * What members live through costs statements (issue 26, ADR 061). A request's are counted on the
 * server from its start to its answer, BEGIN and COMMIT left out (PGlite's thread sends none; on
 * PostgreSQL a like's transaction adds those two). Before notify became one statement (ADR 061's
 * third round): a like 10, an unlike 4, a comment 11, a reply 13, a mention 15. A change that adds
 * a statement to any of them fails here, and lists what was sent.
 */
const MOST = { like: 4, unlike: 4, comment: 6, reply: 7, mention: 8 };

describe('statements a notification costs', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  /**
   * The statements of one request, once the member's session is kept (as on every later request):
   * a session read a second time is kept (`keepOnSecondRead`).
   */
  async function counted(client: TestClient, method: string, path: string, body?: unknown) {
    await client.get('/api/notifications/unread_count');
    await client.get('/api/notifications/unread_count');
    let status = 0;
    const statements = await statementsOfRequest(method, path, async () => {
      status = (await client.request(method, path, body)).status;
    });
    return { status, statements: withoutTransactionEnds(statements) };
  }

  function expectAtMost(kind: keyof typeof MOST, statements: string[]) {
    expect(statements.length, `${kind}:\n${statements.join('\n---\n')}`).toBeLessThanOrEqual(MOST[kind]);
  }

  const inboxOf = (recipientId: string) =>
    app.context.db.select().from(notifications).where(eq(notifications.recipientId, recipientId));

  it('tells of a like, a comment, a reply and a mention within the bounds, and takes the like back', async () => {
    const author = await memberWithClient(app);
    const fan = await memberWithClient(app);
    const third = await memberWithClient(app);
    const post = await createPostAs(author.client);

    const like = await counted(fan.client, 'POST', `/api/posts/${post.id}/likes`);
    expect(like.status).toBe(200);
    expect((await inboxOf(author.member.id)).map((row) => row.kind)).toEqual(['post_like']);
    expectAtMost('like', like.statements);

    const unlike = await counted(fan.client, 'DELETE', `/api/posts/${post.id}/likes`);
    expect(unlike.status).toBe(200);
    expect(await inboxOf(author.member.id)).toEqual([]);
    expectAtMost('unlike', unlike.statements);

    const comment = await counted(fan.client, 'POST', `/api/posts/${post.id}/comments`, {
      comment: { content: 'Lovely' },
    });
    expect(comment.status).toBe(201);
    const [told] = await inboxOf(author.member.id);
    expect(told).toMatchObject({ kind: 'comment', actorId: fan.member.id });
    expectAtMost('comment', comment.statements);

    const reply = await counted(third.client, 'POST', `/api/posts/${post.id}/comments`, {
      comment: { content: 'Agreed', parent_id: told!.commentId },
    });
    expect(reply.status).toBe(201);
    expect((await inboxOf(fan.member.id)).map((row) => row.kind)).toEqual(['reply']);
    expectAtMost('reply', reply.statements);

    const mention = await counted(fan.client, 'POST', `/api/posts/${post.id}/comments`, {
      comment: { content: `Ask @${third.member.username}` },
    });
    expect(mention.status).toBe(201);
    expect((await inboxOf(third.member.id)).map((row) => row.kind)).toEqual(['mention']);
    expectAtMost('mention', mention.statements);
  });

  it('checks, records, sends live and queues for push in one statement, for any number of drafts', async () => {
    const owner = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    const reader = await memberInGroup(app, group.id, 'Poster');
    const quiet = await memberInGroup(app, group.id, 'Poster');
    const blocker = await memberInGroup(app, group.id, 'Poster');
    const outsider = await memberWithClient(app);
    const post = await createPostAs(owner.client, { group_id: group.id });
    await app.context.db
      .insert(userBlocks)
      .values({ blockerId: blocker.member.id, blockedId: owner.member.id });
    await app.context.db
      .insert(groupNotificationLevels)
      .values({ groupId: group.id, userId: quiet.member.id, level: 'nothing' });
    const [session] = await app.context.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, reader.member.id));
    await app.context.db.insert(pushSubscriptions).values({
      userId: reader.member.id,
      sessionId: session!.id,
      endpoint: `https://push.example.test/${reader.member.id}`,
      p256dh: 'key',
      auth: 'auth',
    });
    const stream = await openStream(app.url, reader.client);
    try {
      const mention = (recipientId: string) =>
        ({ recipientId, actorId: owner.member.id, kind: 'mention', postId: post.id }) as const;
      let kept: Awaited<ReturnType<typeof notify>> = [];
      let statements: string[] = [];
      let queued: unknown[] = [];
      await app.context.db.transaction(async (tx) => {
        statements = await statementsOf(async () => {
          kept = await notify(tx, [
            mention(reader.member.id),
            mention(quiet.member.id),
            mention(blocker.member.id),
            mention(outsider.member.id),
            mention(owner.member.id),
          ]);
        });
        // Queued in the same transaction (the push worker takes the queue once it commits).
        queued = await tx
          .select({ recipientId: notifications.recipientId })
          .from(pushOutbox)
          .innerJoin(notifications, eq(notifications.id, pushOutbox.notificationId))
          .where(and(eq(notifications.kind, 'mention'), eq(notifications.postId, post.id)));
      });
      expect(kept.map((draft) => draft.recipientId)).toEqual([reader.member.id]);
      expect(statements).toHaveLength(1);
      expect(queued).toEqual([{ recipientId: reader.member.id }]);
      // The read cache sees the one statement write the inbox and the push queue.
      expect(mayChangeKeptReads(statements[0]!)).toBe(true);
      expect(tablesWritten(statements[0]!)).toEqual(expect.arrayContaining(['notifications', 'push_outbox']));

      // (The group's members also hear of the new post by a job, ADR 045: only the mentions count here.)
      const mentions = (recipientId: string) =>
        app.context.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.recipientId, recipientId), eq(notifications.kind, 'mention')));
      const [row] = await mentions(reader.member.id);
      expect(row).toMatchObject({ kind: 'mention', actorId: owner.member.id, postId: post.id });
      await stream.next((event) => event.type === 'notification.created' && event.notificationId === row!.id);
      for (const member of [quiet, blocker, outsider, owner])
        expect(await mentions(member.member.id)).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it('tells once per actor and key in the same one statement', async () => {
    const author = await memberWithClient(app);
    const fan = await memberWithClient(app);
    const post = await createPostAs(author.client);
    const draft = {
      recipientId: author.member.id,
      actorId: fan.member.id,
      kind: 'post_like',
      postId: post.id,
      groupKey: likeGroupKey({ postId: post.id }),
    } as const;
    expect(await statementsOf(() => notifyOnce(app.context.db, draft))).toHaveLength(1);
    const [first] = await inboxOf(author.member.id);
    await app.context.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(eq(notifications.id, first!.id));
    expect(await statementsOf(() => notifyOnce(app.context.db, draft))).toHaveLength(1);
    expect((await inboxOf(author.member.id)).map((row) => row.id)).toEqual([first!.id]);
    // Another key is another line: told again.
    await notifyOnce(app.context.db, { ...draft, groupKey: 'post_like:another' });
    expect(await inboxOf(author.member.id)).toHaveLength(2);
  });
});

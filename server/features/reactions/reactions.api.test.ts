import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REACTION_MESSAGES } from '../../../shared/domain/reactions';
import type { VersionedReadCache } from '../../db/read-cache';
import { createTestApp, type TestApp, waitForAllJobsDone } from '../../../tests/support/test-app';
import { memberWithClient, type Member } from '../../../tests/support/factories';
import {
  createGroupAs,
  createPostAs,
  memberInGroup,
  memberOfAnotherGroup,
} from '../../../tests/support/social-factories';
import type { TestClient } from '../../../tests/support/test-client';

interface Summary {
  emoji: string;
  count: number;
  reacted: boolean;
}
interface WhoReacted extends Summary {
  members: Array<{ name: string; username: string; profile_id: string }>;
}
interface InboxItem {
  kind: string;
  text: string;
  path: string;
  others_count: number;
}

describe('reactions', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const nameOf = (member: Member) => `${member.firstName} ${member.lastName}`;
  const inbox = async (client: TestClient) => (await client.get('/api/notifications')).body as InboxItem[];
  const commentOn = async (client: TestClient, postId: string, content = 'A comment') => {
    const res = await client.post(`/api/posts/${postId}/comments`, { comment: { content } });
    expect(res.status).toBe(201);
    return res.body as { id: string };
  };

  it('reacts and unreacts idempotently, several emoji each once, listed in the fixed order', async () => {
    const { client: author } = await memberWithClient(app);
    const { client: reader } = await memberWithClient(app);
    const post = await createPostAs(author);

    const put = await reader.put(`/api/posts/${post.id}/reactions/heart`);
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      emoji: 'heart',
      reacted: true,
      reactions: [{ emoji: 'heart', count: 1, reacted: true }],
    });
    // The same emoji again changes nothing.
    expect((await reader.put(`/api/posts/${post.id}/reactions/heart`)).body.reactions).toEqual([
      { emoji: 'heart', count: 1, reacted: true },
    ]);
    // A second emoji, and the author's thumbs up: listed thumbs_up, heart, celebrate whatever the order given.
    await reader.put(`/api/posts/${post.id}/reactions/celebrate`);
    await author.put(`/api/posts/${post.id}/reactions/thumbs_up`);
    expect((await author.put(`/api/posts/${post.id}/reactions/heart`)).body.reactions).toEqual([
      { emoji: 'thumbs_up', count: 1, reacted: true },
      { emoji: 'heart', count: 2, reacted: true },
      { emoji: 'celebrate', count: 1, reacted: false },
    ]);

    // The post and the timeline carry them, as the viewer sees them.
    const seen = await reader.get(`/api/posts/${post.id}`);
    expect(seen.body.reactions).toEqual([
      { emoji: 'thumbs_up', count: 1, reacted: false },
      { emoji: 'heart', count: 2, reacted: true },
      { emoji: 'celebrate', count: 1, reacted: true },
    ]);
    const card = ((await reader.get('/api/posts')).body as Array<{ id: string; reactions: Summary[] }>).find(
      (item) => item.id === post.id,
    );
    expect(card?.reactions).toEqual(seen.body.reactions);
    // The like is untouched by reactions.
    expect(seen.body).toMatchObject({ likes_count: 0, liked_by_current_user: false });

    const removed = await reader.delete(`/api/posts/${post.id}/reactions/heart`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({
      emoji: 'heart',
      reacted: false,
      reactions: [
        { emoji: 'thumbs_up', count: 1, reacted: false },
        { emoji: 'heart', count: 1, reacted: false },
        { emoji: 'celebrate', count: 1, reacted: true },
      ],
    });
    // Removing what is not there changes nothing.
    expect((await reader.delete(`/api/posts/${post.id}/reactions/heart`)).body.reactions).toEqual(
      removed.body.reactions,
    );
  });

  it('keeps one reaction when one member sends the same one 20 times at once', async () => {
    const { client: author } = await memberWithClient(app);
    const { client: reader } = await memberWithClient(app);
    const post = await createPostAs(author);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => reader.put(`/api/posts/${post.id}/reactions/wow`)),
    );
    expect(results.every((res) => res.status === 200)).toBe(true);
    expect((await reader.get(`/api/posts/${post.id}`)).body.reactions).toEqual([
      { emoji: 'wow', count: 1, reacted: true },
    ]);
  });

  it('lists who reacted per emoji, newest first, and does the same for comments', async () => {
    const { client: author } = await memberWithClient(app);
    const ana = await memberWithClient(app);
    const ben = await memberWithClient(app);
    const post = await createPostAs(author);
    await ana.client.put(`/api/posts/${post.id}/reactions/laugh`);
    await ben.client.put(`/api/posts/${post.id}/reactions/laugh`);
    await ben.client.put(`/api/posts/${post.id}/reactions/sad`);
    const who = await author.get(`/api/posts/${post.id}/reactions`);
    expect(who.status).toBe(200);
    expect(who.body).toEqual([
      {
        emoji: 'laugh',
        count: 2,
        reacted: false,
        members: [
          expect.objectContaining({ name: nameOf(ben.member), profile_id: ben.member.id }),
          expect.objectContaining({ name: nameOf(ana.member), profile_id: ana.member.id }),
        ],
      },
      {
        emoji: 'sad',
        count: 1,
        reacted: false,
        members: [expect.objectContaining({ profile_id: ben.member.id })],
      },
    ]);
    expect(Object.keys((who.body as WhoReacted[])[0]!.members[0]!).sort()).toEqual(
      ['avatar', 'name', 'profile_id', 'username'].sort(),
    );

    const comment = await commentOn(author, post.id);
    const onComment = await ana.client.put(`/api/comments/${comment.id}/reactions/thumbs_up`);
    expect(onComment.status).toBe(200);
    expect(onComment.body.reactions).toEqual([{ emoji: 'thumbs_up', count: 1, reacted: true }]);
    // The comment carries them in its thread; the post's own reactions are apart.
    const thread = (await ana.client.get(`/api/posts/${post.id}/comments`)).body as Array<{
      id: string;
      reactions: Summary[];
    }>;
    expect(thread.find((item) => item.id === comment.id)?.reactions).toEqual([
      { emoji: 'thumbs_up', count: 1, reacted: true },
    ]);
    expect((await author.get(`/api/comments/${comment.id}/reactions`)).body).toEqual([
      {
        emoji: 'thumbs_up',
        count: 1,
        reacted: false,
        members: [expect.objectContaining({ profile_id: ana.member.id })],
      },
    ]);
    expect(
      (await ana.client.delete(`/api/comments/${comment.id}/reactions/thumbs_up`)).body.reactions,
    ).toEqual([]);
    expect((await author.get(`/api/posts/${post.id}`)).body.reactions).toHaveLength(2);
  });

  it('answers an unknown emoji with 422 naming the set, and a bad id or a signed-out call as elsewhere', async () => {
    const { client: author } = await memberWithClient(app);
    const post = await createPostAs(author);
    const comment = await commentOn(author, post.id);
    for (const path of [`/api/posts/${post.id}`, `/api/comments/${comment.id}`]) {
      for (const emoji of ['thumbsup', 'HEART', '👍', '%F0%9F%91%8D']) {
        const res = await author.put(`${path}/reactions/${emoji}`);
        expect(res.status).toBe(422);
        expect(res.body).toEqual({ errors: { emoji: [REACTION_MESSAGES.unknownEmoji] } });
        expect((await author.delete(`${path}/reactions/${emoji}`)).status).toBe(422);
      }
      expect((await app.client().put(`${path}/reactions/heart`)).status).toBe(401);
      expect((await app.client().get(`${path}/reactions`)).status).toBe(401);
    }
    expect(REACTION_MESSAGES.unknownEmoji).toContain('thumbs_up, heart, laugh, wow, sad, celebrate');
    expect((await author.put('/api/posts/not-an-id/reactions/heart')).body).toEqual({
      errors: { id: ['is not a valid id'] },
    });
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await author.put(`/api/posts/${missing}/reactions/heart`)).status).toBe(404);
    expect((await author.put(`/api/comments/${missing}/reactions/heart`)).status).toBe(404);
  });

  it("hides a group's post and comments from an outsider of another group (404), and lets a Commentor react", async () => {
    const { client: owner } = await memberWithClient(app);
    const group = await createGroupAs(owner);
    const post = await createPostAs(owner, { group_id: group.id });
    const comment = await commentOn(owner, post.id);
    await owner.put(`/api/posts/${post.id}/reactions/heart`);
    const { client: outsider } = await memberOfAnotherGroup(app);
    for (const path of [`/api/posts/${post.id}`, `/api/comments/${comment.id}`]) {
      expect((await outsider.put(`${path}/reactions/heart`)).status).toBe(404);
      expect((await outsider.delete(`${path}/reactions/heart`)).status).toBe(404);
      expect((await outsider.get(`${path}/reactions`)).status).toBe(404);
    }
    const { client: commentor } = await memberInGroup(app, group.id, 'Commentor');
    expect((await commentor.put(`/api/posts/${post.id}/reactions/heart`)).body.reactions).toEqual([
      { emoji: 'heart', count: 2, reacted: true },
    ]);
    expect((await commentor.put(`/api/comments/${comment.id}/reactions/wow`)).status).toBe(200);
  });

  it('hides members blocked either way from each other: not counted, not listed, and 404 on their posts', async () => {
    const author = await memberWithClient(app);
    const blocker = await memberWithClient(app);
    const blocked = await memberWithClient(app);
    const friend = await memberWithClient(app);
    const post = await createPostAs(author.client);
    await blocked.client.put(`/api/posts/${post.id}/reactions/heart`);
    await friend.client.put(`/api/posts/${post.id}/reactions/heart`);
    // The positive control: before the block, the blocker sees both.
    expect((await blocker.client.get(`/api/posts/${post.id}`)).body.reactions).toEqual([
      { emoji: 'heart', count: 2, reacted: false },
    ]);
    expect((await blocker.client.post('/api/blocks', { user_id: blocked.member.id })).status).toBe(201);

    const shown = (await blocker.client.get(`/api/posts/${post.id}`)).body.reactions;
    expect(shown).toEqual([{ emoji: 'heart', count: 1, reacted: false }]);
    const who = (await blocker.client.get(`/api/posts/${post.id}/reactions`)).body as WhoReacted[];
    expect(who[0]!.members.map((m) => m.profile_id)).toEqual([friend.member.id]);
    // The other way round too: the blocked member no longer sees the blocker's reaction.
    await blocker.client.put(`/api/posts/${post.id}/reactions/heart`);
    expect((await blocked.client.get(`/api/posts/${post.id}`)).body.reactions).toEqual([
      { emoji: 'heart', count: 2, reacted: true },
    ]);
    expect((await author.client.get(`/api/posts/${post.id}`)).body.reactions).toEqual([
      { emoji: 'heart', count: 3, reacted: false },
    ]);

    // The blocker's own post and comments are not there for the blocked member.
    const own = await createPostAs(blocker.client);
    const ownComment = await commentOn(blocker.client, post.id, 'By the blocker');
    expect((await blocked.client.put(`/api/posts/${own.id}/reactions/heart`)).status).toBe(404);
    expect((await blocked.client.put(`/api/comments/${ownComment.id}/reactions/heart`)).status).toBe(404);
    expect((await blocked.client.get(`/api/posts/${own.id}/reactions`)).status).toBe(404);
  });

  it('folds reactions into one inbox line per post and per comment, and takes back an unread one', async () => {
    const author = await memberWithClient(app);
    const ana = await memberWithClient(app);
    const ben = await memberWithClient(app);
    const post = await createPostAs(author.client, { tldr: 'Garden party' });
    await ana.client.put(`/api/posts/${post.id}/reactions/heart`);
    await ana.client.put(`/api/posts/${post.id}/reactions/celebrate`);
    let items = (await inbox(author.client)).filter((item) => item.kind === 'reaction');
    expect(items).toEqual([
      expect.objectContaining({
        text: `${nameOf(ana.member)} reacted to your post “Garden party”`,
        path: `/post/${post.id}`,
        others_count: 0,
      }),
    ]);
    await ben.client.put(`/api/posts/${post.id}/reactions/laugh`);
    items = (await inbox(author.client)).filter((item) => item.kind === 'reaction');
    expect(items).toEqual([
      expect.objectContaining({
        text: `${nameOf(ben.member)} and 1 other reacted to your post “Garden party”`,
        others_count: 1,
      }),
    ]);
    expect((await author.client.get('/api/notifications/unread_count')).body.count).toBe(1);

    // Ana takes one back: she still reacts, so she is still told of. Ben takes his only one back.
    await ana.client.delete(`/api/posts/${post.id}/reactions/heart`);
    await ben.client.delete(`/api/posts/${post.id}/reactions/laugh`);
    items = (await inbox(author.client)).filter((item) => item.kind === 'reaction');
    expect(items).toEqual([
      expect.objectContaining({ text: `${nameOf(ana.member)} reacted to your post “Garden party”` }),
    ]);

    // A comment's reactions are a line of their own, to the comment's author.
    const comment = await commentOn(ben.client, post.id, 'Count me in');
    await ana.client.put(`/api/comments/${comment.id}/reactions/thumbs_up`);
    await author.client.put(`/api/comments/${comment.id}/reactions/heart`);
    expect((await inbox(ben.client)).filter((item) => item.kind === 'reaction')).toEqual([
      expect.objectContaining({
        text: `${nameOf(author.member)} and 1 other reacted to your comment on “Garden party”`,
        path: `/post/${post.id}`,
      }),
    ]);
    // Nobody is told of their own reaction.
    await author.client.put(`/api/posts/${post.id}/reactions/wow`);
    expect((await inbox(author.client)).filter((item) => item.kind === 'reaction')[0]!.others_count).toBe(0);
  });

  it('has a mail preference of its own, daily by default, that the member may turn off', async () => {
    const { client } = await memberWithClient(app);
    const list = async () =>
      (
        (await client.get('/api/notification_preferences')).body as {
          preferences: Array<{ kind: string; delivery: string }>;
        }
      ).preferences.find((entry) => entry.kind === 'reaction');
    expect(await list()).toEqual({ kind: 'reaction', delivery: 'daily', push: false });
    const saved = await client.put('/api/notification_preferences', {
      preferences: [{ kind: 'reaction', delivery: 'off' }],
    });
    expect(saved.status).toBe(200);
    expect(await list()).toEqual({ kind: 'reaction', delivery: 'off', push: false });
  });
});

describe('reactions in kept reads (ADR 042)', () => {
  // An app of its own: the other tests' notification mail jobs would keep the job queue busy.
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const commentOn = async (client: TestClient, postId: string, content: string) => {
    const res = await client.post(`/api/posts/${postId}/comments`, { comment: { content } });
    expect(res.status).toBe(201);
    return res.body as { id: string };
  };

  it('keeps a post and its comments through a reaction elsewhere, and never shows a stale one', async () => {
    const { client: reader } = await memberWithClient(app);
    const { client: author } = await memberWithClient(app);
    const { client: other } = await memberOfAnotherGroup(app);
    const post = await createPostAs(author, { tldr: 'Reactions kept' });
    const elsewhere = await createPostAs(author, { tldr: 'Another post' });
    const comment = await commentOn(author, post.id, 'First!');
    const elsewhereComment = await commentOn(author, elsewhere.id, 'Over there');
    await waitForAllJobsDone(app);
    const cache = app.context.database.readCache as VersionedReadCache;
    const outcome = (kind: string) =>
      cache.outcomes().find((entry) => entry.kind === kind) ?? { hits: 0, misses: 0 };
    const open = async () => {
      const shown = (await reader.get(`/api/posts/${post.id}`)).body as { reactions: Summary[] };
      const thread = (await reader.get(`/api/posts/${post.id}/comments`)).body as Array<{
        reactions: Summary[];
      }>;
      return { post: shown.reactions, comment: thread[0]!.reactions };
    };
    const hits = () => [outcome('post').hits, outcome('comments').hits, outcome('post-counts').hits];
    // The positive control: all three are kept across two reads (once the members' and the posts'
    // background writes have settled, which on PostgreSQL may be heard of a moment later).
    let before = hits();
    await expect
      .poll(
        async () => {
          expect(await open()).toEqual({ post: [], comment: [] });
          before = hits();
          await open();
          const after = hits();
          return after.every((count, index) => count === before[index]! + 1);
        },
        { timeout: 20_000, interval: 50 },
      )
      .toBe(true);

    // A reaction on this post shows at once, and keeps the post's still part.
    expect((await other.put(`/api/posts/${post.id}/reactions/heart`)).status).toBe(200);
    const counted = outcome('post-counts').misses;
    expect(await open()).toEqual({ post: [{ emoji: 'heart', count: 1, reacted: false }], comment: [] });
    expect(outcome('post').hits).toBe(before[0]! + 2);
    expect(outcome('post-counts').misses).toBe(counted + 1);

    // One on this post's comment shows at once too.
    expect((await other.put(`/api/comments/${comment.id}/reactions/laugh`)).status).toBe(200);
    expect(await open()).toEqual({
      post: [{ emoji: 'heart', count: 1, reacted: false }],
      comment: [{ emoji: 'laugh', count: 1, reacted: false }],
    });

    // Reactions on another post and its comment change nothing here: all three stay kept.
    expect((await other.put(`/api/posts/${elsewhere.id}/reactions/sad`)).status).toBe(200);
    expect((await other.put(`/api/comments/${elsewhereComment.id}/reactions/sad`)).status).toBe(200);
    const kept = hits();
    expect(await open()).toEqual({
      post: [{ emoji: 'heart', count: 1, reacted: false }],
      comment: [{ emoji: 'laugh', count: 1, reacted: false }],
    });
    expect(hits()).toEqual([kept[0]! + 1, kept[1]! + 1, kept[2]! + 1]);

    // Taking one back is never missed.
    expect((await other.delete(`/api/posts/${post.id}/reactions/heart`)).status).toBe(200);
    expect((await open()).post).toEqual([]);
  });
});

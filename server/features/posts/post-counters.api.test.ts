import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { users } from '../../db/schema';
import { memberWithClient } from '../../../tests/support/factories';
import { createPostAs } from '../../../tests/support/social-factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { TestClient } from '../../../tests/support/test-client';
import { deleteDueAccount } from '../account-deletion/account-deletion.service';

/**
 * The like and comment counters kept on each post must always equal a fresh count of the rows,
 * whatever removed them: an unlike, a deleted comment and its replies, a deleted account.
 */
describe('post counters', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /** The counts recounted from the tables, beside what the post's counters say. */
  async function recount(postId: string) {
    const [row] = rowsOf<{ likes: number; comments: number; kept_likes: number; kept_comments: number }>(
      await app.context.db.execute(sql`select
        (select count(*)::int from post_likes where post_id = ${postId}) as likes,
        (select count(*)::int from comments where post_id = ${postId}) as comments,
        likes_count as kept_likes, comments_count as kept_comments
        from posts where id = ${postId}`),
    );
    return row!;
  }

  /** What a member reads on the post and in the timeline, checked against the recount. */
  async function expectCounts(viewer: TestClient, postId: string, likes: number, comments: number) {
    expect(await recount(postId)).toEqual({ likes, comments, kept_likes: likes, kept_comments: comments });
    const shown = await viewer.get(`/api/posts/${postId}`);
    expect(shown.body).toMatchObject({ likes_count: likes, comments_count: comments });
    const timeline = await viewer.get('/api/posts');
    const inTimeline = (timeline.body as { id: string; likes_count: number; comments_count: number }[]).find(
      (post) => post.id === postId,
    );
    expect(inTimeline).toMatchObject({ likes_count: likes, comments_count: comments });
  }

  const comment = async (client: TestClient, postId: string, parentId?: string) => {
    const res = await client.post(`/api/posts/${postId}/comments`, {
      comment: { content: 'A comment', parent_id: parentId },
    });
    expect(res.status).toBe(201);
    return res.body as { id: string };
  };

  it('follows likes and unlikes, comments, replies and their deletion', async () => {
    const { client: author } = await memberWithClient(app);
    const { client: reader } = await memberWithClient(app);
    const post = await createPostAs(author);
    await expectCounts(reader, post.id, 0, 0);

    await reader.post(`/api/posts/${post.id}/likes`);
    await reader.post(`/api/posts/${post.id}/likes`); // again: still one like
    await author.post(`/api/posts/${post.id}/likes`);
    await expectCounts(reader, post.id, 2, 0);
    expect((await reader.delete(`/api/posts/${post.id}/likes`)).body).toEqual({
      liked: false,
      likes_count: 1,
    });
    await reader.delete(`/api/posts/${post.id}/likes`); // again: nothing more to take back
    await expectCounts(reader, post.id, 1, 0);

    const top = await comment(reader, post.id);
    await comment(author, post.id, top.id);
    await comment(author, post.id, top.id);
    const other = await comment(author, post.id);
    await expectCounts(reader, post.id, 1, 4);
    expect((await author.delete(`/api/comments/${other.id}`)).status).toBe(200);
    await expectCounts(reader, post.id, 1, 3);
    // Deleting a comment takes its replies with it: the count follows the cascade.
    expect((await reader.delete(`/api/comments/${top.id}`)).status).toBe(200);
    await expectCounts(reader, post.id, 1, 0);
  });

  it('keeps counting after a block, and a deleted post takes only its own rows', async () => {
    const { client: author } = await memberWithClient(app);
    const { member: blocker, client: blockerClient } = await memberWithClient(app);
    const { client: bystander } = await memberWithClient(app);
    const post = await createPostAs(author);
    const doomed = await createPostAs(author);
    await blockerClient.post(`/api/posts/${post.id}/likes`);
    await comment(blockerClient, post.id);
    await bystander.post(`/api/posts/${doomed.id}/likes`);
    await comment(bystander, doomed.id);
    const authorId = (await author.get('/api/auth')).body.id as string;
    expect((await blockerClient.post('/api/blocks', { user_id: authorId })).status).toBeLessThan(300);
    expect(blocker.id).toBeTruthy();
    // The blocker's like and comment stay (a block hides, it does not delete): the counts say so.
    await expectCounts(bystander, post.id, 1, 1);
    expect((await author.delete(`/api/posts/${doomed.id}`)).status).toBe(200);
    await expectCounts(bystander, post.id, 1, 1);
  });

  it('drops a deleted account’s likes and comments from every count', async () => {
    const { client: author } = await memberWithClient(app);
    const { member: leaver, client: leaverClient } = await memberWithClient(app);
    const { client: stayer } = await memberWithClient(app);
    const first = await createPostAs(author);
    const second = await createPostAs(author);
    for (const post of [first, second]) {
      await leaverClient.post(`/api/posts/${post.id}/likes`);
      await stayer.post(`/api/posts/${post.id}/likes`);
      await comment(leaverClient, post.id);
    }
    const stayerComment = await comment(stayer, first.id);
    await comment(leaverClient, first.id, stayerComment.id); // a reply by the leaver
    await expectCounts(stayer, first.id, 2, 3);
    await expectCounts(stayer, second.id, 2, 1);

    await app.context.db
      .update(users)
      .set({ deletionRequestedAt: new Date(), deletionDueAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, leaver.id));
    expect(await deleteDueAccount(app.context, leaver.id)).toBe('deleted');
    await expectCounts(stayer, first.id, 1, 1);
    await expectCounts(stayer, second.id, 1, 0);
  });
});

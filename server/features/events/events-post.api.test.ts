import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { memberWithClient } from '../../../tests/support/factories';
import {
  createGroupAs,
  createPostAs,
  memberInGroup,
  memberOfAnotherGroup,
} from '../../../tests/support/social-factories';
import type { TestClient } from '../../../tests/support/test-client';
import { openStream, type Stream } from '../../../tests/support/event-stream';
import { publishLiveEvent, type LiveEvent } from './live-events';

/** Any event about this post: a comment's, or its counts. */
const aboutPost = (postId: string) => (event: LiveEvent) =>
  (event.type.startsWith('comment.') || event.type === 'post.counts') &&
  'postId' in event &&
  event.postId === postId;
const isComment = (type: string, commentId: string) => (event: LiveEvent) =>
  event.type === type && 'commentId' in event && event.commentId === commentId;
const countsOf = (stream: Stream, postId: string) =>
  stream.events.filter(
    (event): event is Extract<LiveEvent, { type: 'post.counts' }> =>
      event.type === 'post.counts' && event.postId === postId,
  );

/**
 * The live events of an open post (ADR 047): who hears of a comment, a reply, an edit, a deletion
 * and a like. Each check that someone heard nothing first waits for a later event that must reach
 * them (a stream delivers its events in order).
 */
describe('live events of an open post', () => {
  let app: TestApp;
  const streams: Stream[] = [];
  const open = async (client: TestClient) => {
    const stream = await openStream(app.url, client);
    streams.push(stream);
    return stream;
  };
  const comment = async (client: TestClient, postId: string, content: string, parentId?: string) => {
    const res = await client.post(`/api/posts/${postId}/comments`, {
      comment: parentId ? { content, parent_id: parentId } : { content },
    });
    expect(res.status).toBe(201);
    return res.body as { id: string };
  };

  beforeAll(async () => {
    app = await createTestApp({ config: { services: ['web'] } });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await app.close();
  });

  it('tells the group’s members of each comment, reply, edit, deletion and count, in order, and an outsider nothing', async () => {
    const owner = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    const writer = await memberInGroup(app, group.id, 'Poster');
    const reader = await memberInGroup(app, group.id, 'Commentor');
    const outsider = await memberOfAnotherGroup(app);
    const post = await createPostAs(owner.client, { tldr: 'Picnic plans', group_id: group.id });
    const [readerStream, outsiderStream, writerStream] = await Promise.all([
      open(reader.client),
      open(outsider.client),
      open(writer.client),
    ]);

    const top = await comment(writer.client, post.id, 'Bring a blanket');
    expect(await readerStream.next(isComment('comment.created', top.id))).toEqual({
      type: 'comment.created',
      postId: post.id,
      commentId: top.id,
      parentId: null,
    });
    const reply = await comment(reader.client, post.id, 'And cake', top.id);
    expect(await writerStream.next(isComment('comment.created', reply.id))).toMatchObject({
      parentId: top.id,
    });
    // The author of a comment hears of it too (their other tabs); the page merges it once.
    await readerStream.next(isComment('comment.created', reply.id));

    expect(
      (await writer.client.patch(`/api/comments/${top.id}`, { comment: { content: 'Two' } })).status,
    ).toBe(200);
    await readerStream.next(isComment('comment.updated', top.id));

    // A like, then the same like again (nothing changed: no event), then the reply deleted.
    for (let i = 0; i < 2; i++)
      expect((await writer.client.post(`/api/posts/${post.id}/likes`)).status).toBe(200);
    expect((await reader.client.delete(`/api/comments/${reply.id}`)).status).toBe(200);
    expect(await readerStream.next(isComment('comment.deleted', reply.id))).toEqual({
      type: 'comment.deleted',
      postId: post.id,
      commentId: reply.id,
      parentId: top.id,
    });
    await readerStream.next(() => countsOf(readerStream, post.id).length === 4);
    // Counts only, as every member may see them: never whose like it was, nor the reader's own.
    expect(countsOf(readerStream, post.id)).toEqual([
      { type: 'post.counts', postId: post.id, likesCount: 0, commentsCount: 1 },
      { type: 'post.counts', postId: post.id, likesCount: 0, commentsCount: 2 },
      { type: 'post.counts', postId: post.id, likesCount: 1, commentsCount: 2 },
      { type: 'post.counts', postId: post.id, likesCount: 1, commentsCount: 1 },
    ]);
    // In the order they happened, each comment event before the counts it moved.
    expect(readerStream.events.filter(aboutPost(post.id)).map((event) => event.type)).toEqual([
      'comment.created',
      'post.counts',
      'comment.created',
      'post.counts',
      'comment.updated',
      'post.counts',
      'comment.deleted',
      'post.counts',
    ]);

    // The outsider (a member of another group) hears of an open post's comment, never of the group's.
    const openPost = await createPostAs(owner.client, { tldr: 'For everyone' });
    const control = await comment(writer.client, openPost.id, 'Open to all');
    await outsiderStream.next(isComment('comment.created', control.id));
    expect(outsiderStream.events.some(aboutPost(post.id))).toBe(false);
  });

  it('keeps a blocked member’s comments and likes from the member who blocked them, and the other way round', async () => {
    const ana = await memberWithClient(app);
    const ben = await memberWithClient(app);
    const cy = await memberWithClient(app);
    expect((await ana.client.post('/api/blocks', { user_id: ben.member.id })).status).toBe(201);
    const post = await createPostAs(cy.client, { tldr: 'Cy asks' });
    const [anaStream, benStream, cyStream] = await Promise.all([
      open(ana.client),
      open(ben.client),
      open(cy.client),
    ]);

    const fromBen = await comment(ben.client, post.id, 'Ben answers');
    expect((await ben.client.post(`/api/posts/${post.id}/likes`)).status).toBe(200);
    const fromAna = await comment(ana.client, post.id, 'Ana answers');
    await cyStream.next(isComment('comment.created', fromBen.id));
    await cyStream.next(isComment('comment.created', fromAna.id));
    // Cy, who blocked nobody, hears every count: Ben's comment, Ben's like, Ana's comment.
    await cyStream.next(() => countsOf(cyStream, post.id).length === 3);

    // Ben edits and deletes his comment: still nothing reaches Ana.
    expect(
      (await ben.client.patch(`/api/comments/${fromBen.id}`, { comment: { content: 'Edited' } })).status,
    ).toBe(200);
    expect((await ben.client.delete(`/api/comments/${fromBen.id}`)).status).toBe(200);
    await cyStream.next(isComment('comment.deleted', fromBen.id));

    // The positive control: Cy's comment reaches both, after everything above.
    const fromCy = await comment(cy.client, post.id, 'Cy thanks you');
    await anaStream.next(() => countsOf(anaStream, post.id).length === 2);
    await benStream.next(isComment('comment.created', fromCy.id));
    const anaHeard = anaStream.events.filter(aboutPost(post.id));
    expect(anaHeard.some((event) => 'commentId' in event && event.commentId === fromBen.id)).toBe(false);
    // Ana's own comment and its counts, then Cy's: not Ben's comment, like, edit or deletion.
    expect(anaHeard.map((event) => event.type)).toEqual([
      'comment.created',
      'post.counts',
      'comment.created',
      'post.counts',
    ]);
    expect(anaHeard[2]).toMatchObject({ commentId: fromCy.id });
    expect(benStream.events.some(isComment('comment.created', fromAna.id))).toBe(false);

    // Nor can Ana load it when told of it some other way.
    expect((await ana.client.get(`/api/comments/${fromBen.id}`)).status).toBe(404);
  });

  it('tells the post’s audience of a reaction given or taken back, and no one blocked with the member who reacted', async () => {
    const ana = await memberWithClient(app);
    const ben = await memberWithClient(app);
    const cy = await memberWithClient(app);
    const owner = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    const outsider = await memberOfAnotherGroup(app);
    expect((await ana.client.post('/api/blocks', { user_id: ben.member.id })).status).toBe(201);
    const post = await createPostAs(cy.client, { tldr: 'React to me' });
    const groupPost = await createPostAs(owner.client, { tldr: 'Members only', group_id: group.id });
    const [anaStream, cyStream, outsiderStream] = await Promise.all([
      open(ana.client),
      open(cy.client),
      open(outsider.client),
    ]);
    const reactionsOn = (postId: string, commentId: string | null) => (event: LiveEvent) =>
      event.type === 'reactions.changed' && event.postId === postId && event.commentId === commentId;

    // Ben reacts to the post and takes it back: Cy hears both, Ana (who blocked Ben) neither.
    expect((await ben.client.put(`/api/posts/${post.id}/reactions/heart`)).status).toBe(200);
    expect((await ben.client.delete(`/api/posts/${post.id}/reactions/heart`)).status).toBe(200);
    // Giving nothing new (taking back what is not given) tells no one.
    expect((await ben.client.delete(`/api/posts/${post.id}/reactions/heart`)).status).toBe(200);
    // A reaction on a comment names the comment.
    const said = await comment(cy.client, post.id, 'Thanks all');
    expect((await ben.client.put(`/api/comments/${said.id}/reactions/laugh`)).status).toBe(200);
    await cyStream.next(reactionsOn(post.id, said.id));
    expect(cyStream.events.filter(reactionsOn(post.id, null))).toHaveLength(2);
    expect(cyStream.events.filter(reactionsOn(post.id, said.id))[0]).toEqual({
      type: 'reactions.changed',
      postId: post.id,
      commentId: said.id,
    });
    // A reaction in the group reaches no outsider.
    expect((await owner.client.put(`/api/posts/${groupPost.id}/reactions/wow`)).status).toBe(200);

    // The positive control: Cy's own reaction reaches Ana and the outsider after everything above.
    expect((await cy.client.put(`/api/posts/${post.id}/reactions/celebrate`)).status).toBe(200);
    await anaStream.next(reactionsOn(post.id, null));
    await outsiderStream.next(reactionsOn(post.id, null));
    expect(anaStream.events.filter(reactionsOn(post.id, null))).toHaveLength(1);
    expect(anaStream.events.some(reactionsOn(post.id, said.id))).toBe(false);
    expect(outsiderStream.events.some(reactionsOn(groupPost.id, null))).toBe(false);
  });

  it('tells the group’s members of a pin and an unpin that changed something, and an outsider nothing', async () => {
    const owner = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    const reader = await memberInGroup(app, group.id, 'Commentor');
    const outsider = await memberOfAnotherGroup(app);
    const post = await createPostAs(owner.client, { tldr: 'House rules', group_id: group.id });
    const [readerStream, outsiderStream] = await Promise.all([open(reader.client), open(outsider.client)]);
    const pins = (stream: Stream) =>
      stream.events.filter((event) => event.type === 'group.pins' && event.groupId === group.id);
    const path = `/api/groups/${group.id}/pins/${post.id}`;

    expect((await owner.client.put(path)).status).toBe(201);
    // Pinning again, and unpinning twice, change nothing the second time: one event each way.
    expect((await owner.client.put(path)).status).toBe(200);
    expect((await owner.client.delete(path)).status).toBe(200);
    expect((await owner.client.delete(path)).status).toBe(200);
    await readerStream.next(() => pins(readerStream).length === 2);
    // The positive control, after all of the above: an open post's comment reaches the outsider.
    const openPost = await createPostAs(owner.client, { tldr: 'For everyone' });
    const control = await comment(owner.client, openPost.id, 'Hello all');
    await outsiderStream.next(isComment('comment.created', control.id));
    await readerStream.next(isComment('comment.created', control.id));
    expect(pins(readerStream)).toEqual([
      { type: 'group.pins', groupId: group.id, postId: post.id, pinned: true },
      { type: 'group.pins', groupId: group.id, postId: post.id, pinned: false },
    ]);
    expect(pins(outsiderStream)).toEqual([]);
  });

  it('tells a member removed from the group nothing more about its posts', async () => {
    const owner = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    const leaver = await memberInGroup(app, group.id, 'Poster');
    const post = await createPostAs(owner.client, { tldr: 'Members only', group_id: group.id });
    const stream = await open(leaver.client);
    const before = await comment(owner.client, post.id, 'While you are here');
    await stream.next(isComment('comment.created', before.id));

    const members = await owner.client.get(`/api/groups/${group.id}/group_roles`);
    const role = (members.body as { id: string; user_id: string }[]).find(
      (m) => m.user_id === leaver.member.id,
    );
    expect((await owner.client.delete(`/api/group_roles/${role!.id}`)).status).toBe(200);

    const after = await comment(owner.client, post.id, 'After you left');
    expect(
      (await owner.client.patch(`/api/comments/${before.id}`, { comment: { content: 'Changed' } })).status,
    ).toBe(200);
    expect((await owner.client.post(`/api/posts/${post.id}/likes`)).status).toBe(200);
    const openPost = await createPostAs(owner.client, { tldr: 'Open to all' });
    const control = await comment(owner.client, openPost.id, 'Still friends');
    await stream.next(isComment('comment.created', control.id));
    const heard = stream.events.filter(aboutPost(post.id));
    expect(heard.map((event) => event.type)).toEqual(['comment.created', 'post.counts']);
    expect(heard.some((event) => 'commentId' in event && event.commentId === after.id)).toBe(false);
  });

  it('sends nothing about a comment that is gone, or about a deletion whose author is not named', async () => {
    const writer = await memberWithClient(app);
    const reader = await memberWithClient(app);
    const post = await createPostAs(writer.client);
    const stream = await open(reader.client);
    const gone = await comment(writer.client, post.id, 'Soon gone');
    await stream.next(isComment('comment.created', gone.id));
    expect((await writer.client.delete(`/api/comments/${gone.id}`)).status).toBe(200);
    await stream.next(isComment('comment.deleted', gone.id));

    const all = { allMembers: true as const };
    const event = { postId: post.id, commentId: gone.id, parentId: null };
    await publishLiveEvent(app.context.db, all, { type: 'comment.updated', ...event });
    await publishLiveEvent(app.context.db, all, { type: 'comment.deleted', ...event });
    const control = await comment(writer.client, post.id, 'Control');
    await stream.next(isComment('comment.created', control.id));
    expect(stream.events.filter(isComment('comment.updated', gone.id))).toHaveLength(0);
    expect(stream.events.filter(isComment('comment.deleted', gone.id))).toHaveLength(1);
  });
});
